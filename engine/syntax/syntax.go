// Package syntax answers whether otto reads a function, as the gateway asks before anything runs. It
// needs otto's parser only, so the program that asks it (cmd/parser) is a small module that starts fast.
package syntax

import (
	"github.com/robertkrimen/otto/parser"
)

// SyntaxError is where and why otto refuses a source: its line and column count in the text the gateway
// evaluates, "(" + source + ")" (sg-bucket js_runner.go SetFunction); the column counts bytes.
type SyntaxError struct {
	Message string `json:"message"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Check parses "(" + source + ")" with otto's parser, as the gateway does before anything runs; nil when
// otto reads it. The first error is otto's answer (the gateway reports err.Error(), which starts with it).
func Check(source string) *SyntaxError {
	_, err := parser.ParseFile(nil, "", "("+source+")", 0)
	if err == nil {
		return nil
	}
	if list, ok := err.(parser.ErrorList); ok && len(list) > 0 {
		return &SyntaxError{Message: list[0].Message, Line: list[0].Position.Line, Column: list[0].Position.Column}
	}
	if one, ok := err.(*parser.Error); ok {
		return &SyntaxError{Message: one.Message, Line: one.Position.Line, Column: one.Position.Column}
	}
	return &SyntaxError{Message: err.Error(), Line: 1, Column: 1}
}
