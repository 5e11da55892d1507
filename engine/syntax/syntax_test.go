package syntax

import (
	"strconv"
	"testing"
)

func TestCheck(t *testing.T) {
	elseIfs := "function(doc) { if (doc.n === 0) {}"
	for i := 1; i < 20000; i++ {
		elseIfs += " else if (doc.n === " + strconv.Itoa(i) + ") {}"
	}
	elseIfs += " }"
	tests := []struct {
		source string
		want   *SyntaxError
	}{
		{"function(doc) { channel(doc.x); }", nil},
		{"function(doc) { var x = /[^]/; }", &SyntaxError{Message: "Invalid regular expression: missing closing ]: `[^]`", Line: 1, Column: 26}},
		{"function(doc) {\n  return 08; }", &SyntaxError{}},
		{elseIfs, nil},
	}
	for _, test := range tests {
		got := Check(test.source)
		if test.want == nil || test.want.Message == "" {
			if (got == nil) != (test.want == nil) {
				t.Errorf("Check(%.40q) = %+v, want %+v", test.source, got, test.want)
			}
			continue
		}
		if got == nil || *got != *test.want {
			t.Errorf("Check(%.40q) = %+v, want %+v", test.source, got, test.want)
		}
	}
}
