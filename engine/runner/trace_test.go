package runner

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestThrowSites(t *testing.T) {
	// Each site is given as the text that starts there, so that the table reads as the source does.
	tests := []struct {
		name    string
		source  string
		options Options
		want    []string
	}{
		{"a member of null", "function(doc) {\n  var owner = doc.missing.owner;\n}", Options{}, []string{"doc.missing.owner"}},
		{"a call of an undefined name", "function(doc) {\n  undefinedFn(1);\n}", Options{}, []string{"undefinedFn(1)"}},
		{"an inner function, then its caller", "function(doc) {\n  function inner(a) { return a.b.c; }\n  return inner(doc);\n}", Options{}, []string{"a.b.c", "inner(doc)"}},
		{"a thrown Error, where it was made", "function(doc) {\n  throw new Error('boom');\n}", Options{}, []string{"Error('boom')"}},
		{"inside a callback of a native, and where the native was called", "function(doc) {\n  [1].map(function(v) { return v.x.y; });\n}", Options{}, []string{"v.x.y", "[1].map"}},
		{"a native's own error, at its call", "function(doc) {\n  JSON.parse('{');\n}", Options{}, []string{"JSON.parse"}},
		{"none inside eval'd text (otto's trace does not reach the eval call)", "function(doc) {\n  eval('\\n\\nnull.x');\n}", Options{}, nil},
		{"not inside a Function's body", "function(doc) {\n  var f = new Function('return null.x');\n  f();\n}", Options{}, []string{"f();"}},
		{"past characters of two UTF-16 units", "function(doc) { var s = '\U0001F600é'; return doc.a.b; }", Options{}, []string{"doc.a.b"}},
		{"a thrown string has no site", "function(doc) { throw 'no'; }", Options{}, nil},
		{"a rejection object has no site", "function(doc) { throw({forbidden: 'no'}); }", Options{}, nil},
		{"the counted text of a coverage run", "function(doc) { __c(0); return doc.a.b; }", Options{Counters: 1, CounterName: "__c"}, []string{"doc.a.b"}},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := compile(t, Sync, test.source, test.options).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert})
			if got.Outcome.Kind != "threw" {
				t.Fatalf("outcome %+v", got.Outcome)
			}
			units := []rune{}
			for _, r := range test.source {
				units = append(units, r)
				if r > 0xFFFF {
					units = append(units, 0)
				}
			}
			var starts []string
			for _, at := range got.Outcome.ThrownAt {
				if at < 0 || at > len(units) {
					t.Fatalf("site %d outside the source", at)
				}
				starts = append(starts, string(units[at:]))
			}
			if len(starts) != len(test.want) {
				t.Fatalf("sites %q, want starts %q", starts, test.want)
			}
			for i, start := range starts {
				if !strings.HasPrefix(start, test.want[i]) {
					t.Errorf("site %d starts %q, want %q", i, start, test.want[i])
				}
			}
			if test.want == nil && !reflect.DeepEqual(got.Outcome.ThrownAt, []int(nil)) {
				t.Errorf("sites %v, want none", got.Outcome.ThrownAt)
			}
		})
	}
}
