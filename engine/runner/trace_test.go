package runner

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestThrowSites(t *testing.T) {
	// Each site is given as the text that starts there (sites are byte offsets), so that the table reads as the source does.
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
		{"in bytes, past characters of several", "function(doc) { var s = '\U0001F600é'; return doc.a.b; }", Options{}, []string{"doc.a.b"}},
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
			var starts []string
			for _, at := range got.Outcome.ThrownAt {
				if at < 0 || at > len(test.source) {
					t.Fatalf("site %d outside the source", at)
				}
				starts = append(starts, test.source[at:])
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

func TestCallerSites(t *testing.T) {
	// Where the kept reject() and the last refusing require* were called, in the function's text.
	tests := []struct {
		name       string
		source     string
		rejectedAt []string
		deniedAt   []string
	}{
		{"a reject() of the function", "function(doc) {\n  if (!doc.ok) reject(403, 'no');\n}", []string{"reject(403"}, nil},
		{"only the kept reject() (the first of 400 or more)", "function(doc) { reject(399, 'a'); reject(401, 'b'); reject(402, 'c'); }", []string{"reject(401"}, nil},
		{"inside a function of the function, then its caller", "function(doc) {\n  function no() { reject(404, 'x'); }\n  no();\n}", []string{"reject(404", "no();"}, nil},
		{"none for a reject() in eval'd text (otto's scopes do not reach the eval call)", "function(doc) { eval(\"reject(403, 'e')\"); }", nil, nil},
		{"the denial recorder, from a helper the function called", "function(doc) {\n  function requireUser(n) { __sgconfDemand('denied', null); }\n  requireUser('ann');\n}", nil, []string{"__sgconfDemand('denied'", "requireUser('ann')"}},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := compile(t, Sync, test.source, Options{}).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert})
			for _, side := range []struct {
				what  string
				sites []int
				want  []string
			}{{"rejectedAt", got.Record.RejectedAt, test.rejectedAt}, {"deniedAt", got.Record.DeniedAt, test.deniedAt}} {
				if len(side.sites) != len(side.want) {
					t.Fatalf("%s %v, want sites starting %q", side.what, side.sites, side.want)
				}
				for i, at := range side.sites {
					if !strings.HasPrefix(test.source[at:], side.want[i]) {
						t.Errorf("%s site %d starts %q, want %q", side.what, i, test.source[at:], side.want[i])
					}
				}
			}
		})
	}
}

func TestDeniedSitesAreCapped(t *testing.T) {
	// Past deniedSites refusals in one call, no place is kept: the last one's would not be known.
	for _, test := range []struct {
		denials int
		placed  bool
	}{{1, true}, {deniedSites, true}, {deniedSites + 1, false}} {
		source := fmt.Sprintf("function(doc) { for (var i = 0; i < %d; i++) __sgconfDemand('denied', null); }", test.denials)
		got := compile(t, Sync, source, Options{}).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert})
		if placed := got.Record.DeniedAt != nil; placed != test.placed || !got.Record.Denied {
			t.Errorf("%d denials: placed %v (%v), want %v", test.denials, placed, got.Record.DeniedAt, test.placed)
		}
	}
}

func TestThrowSite(t *testing.T) {
	// A marked source: the statement whose thrown value the wrapper-like catch received.
	tests := []struct {
		name   string
		source string
		want   *int
	}{
		{"the statement that threw the caught object", "function() { var f = function(doc) { if (doc.a) M(0, {forbidden: 'a'}); throw M(1, {forbidden: 'b'}); }; return function(doc) { try { f(doc); } catch (x) { __sgconfDemand('caught', x); } }; }()", intPointer(1)},
		{"a value thrown and caught before is not the one caught last", "function() { var f = function(doc) { try { throw M(0, {forbidden: 'a'}); } catch (e) {} throw {forbidden: 'unmarked'}; }; return function(doc) { try { f(doc); } catch (x) { __sgconfDemand('caught', x); } }; }()", nil},
		{"the same object thrown again by another statement", "function() { var f = function(doc) { try { throw M(0, {forbidden: 'a'}); } catch (e) { throw M(1, e); } }; return function(doc) { try { f(doc); } catch (x) { __sgconfDemand('caught', x); } }; }()", intPointer(1)},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := compile(t, Sync, test.source, Options{ThrowMarker: "M"}).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert})
			if !reflect.DeepEqual(got.Record.ThrowSite, test.want) {
				t.Errorf("throw site %v, want %v", got.Record.ThrowSite, test.want)
			}
		})
	}
}

func intPointer(n int) *int { return &n }
