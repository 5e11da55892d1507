//go:build js && wasm

// Command parser answers whether otto reads a function (package syntax) for `sgconf lint`: one global
// object, sgconfOttoParser, with check(source) -> JSON. It holds otto's parser only, not the engine, so
// that a lint whose functions changed starts it in a fraction of the engine's time.
package main

import (
	"encoding/json"
	"syscall/js"

	"sgconf/engine/syntax"
)

func main() {
	js.Global().Set("sgconfOttoParser", js.ValueOf(map[string]interface{}{
		"ready": true,
		// check(source) -> {} when otto reads "(" + source + ")", or {"message", "line", "column"}
		"check": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			problem := syntax.Check(args[0].String())
			if problem == nil {
				return "{}"
			}
			text, _ := json.Marshal(problem)
			return string(text)
		}),
	}))
	select {}
}
