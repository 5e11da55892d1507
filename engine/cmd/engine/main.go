//go:build js && wasm

// Command engine is the JavaScript engine of `sgconf test` and `sgconf dry-run`: the runner package
// behind one global object, sgconfOtto, with JSON text in and out (one crossing each way per batch).
package main

import (
	"encoding/json"
	"math/rand"
	"runtime"
	"runtime/debug"
	"syscall/js"
	"time"
	// The time zone database, so that a function's local time is the gateway host's zone, with its
	// daylight saving, whatever zone the machine that runs sgconf is in.
	_ "time/tzdata"

	"sgconf/engine/runner"
	"sgconf/engine/seed"
)

var programs = map[int]*runner.Program{}
var nextID = 1

// A batch of calls of one program; each call runs with its own seed of Go's map order.
type batch struct {
	Program int           `json:"program"`
	Calls   []runner.Call `json:"calls"`
	Seeds   []uint64      `json:"seeds"`
}

func main() {
	// Go on js/wasm takes its local zone from the JavaScript host, as a fixed offset named "UTC+0": the
	// gateway host's zone is set per program (runner.Options.TimeZone), UTC by default.
	time.Local = time.UTC
	// No heap profiling: its sampling draws from the same random state as map order.
	runtime.MemProfileRate = 0
	// otto allocates for every scope and value: collecting at 4x the live heap instead of 2x takes about a
	// fifth off a call, and the host bounds the memory (src/sync/engine.ts).
	debug.SetGCPercent(400)
	calibrated := seed.Calibrate()
	js.Global().Set("sgconfOtto", js.ValueOf(map[string]interface{}{
		"ready": calibrated == nil,
		// compile(role, source, optionsJSON) -> {"id": n} or {"error": text}
		"compile": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			var options runner.Options
			if err := json.Unmarshal([]byte(args[2].String()), &options); err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			program, err := runner.Compile(args[0].String(), args[1].String(), options)
			if err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			id := nextID
			nextID++
			programs[id] = program
			return reply(map[string]interface{}{"id": id})
		}),
		// run(batchJSON) -> [result, ...] as JSON
		"run": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			var in batch
			if err := json.Unmarshal([]byte(args[0].String()), &in); err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			program := programs[in.Program]
			if program == nil {
				return reply(map[string]interface{}{"error": "no such program"})
			}
			results := make([]runner.Result, len(in.Calls))
			for i, call := range in.Calls {
				if i < len(in.Seeds) {
					seed.Set(in.Seeds[i])
					// Math.random draws from math/rand's global source (otto builtin_math.go): each call
					// starts it from its seed too, so that no call depends on the ones before it.
					rand.Seed(int64(in.Seeds[i]))
				}
				started := time.Now()
				results[i] = program.Run(call)
				results[i].Micros = time.Since(started).Microseconds()
			}
			return reply(results)
		}),
		// check(source) -> {} when otto reads "(" + source + ")", or {"message", "line", "column"}
		"check": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			if problem := runner.Check(args[0].String()); problem != nil {
				return reply(problem)
			}
			return "{}"
		}),
		// expiry(valuesJSON) -> [{"value": n|null} | {"error": text}]: what a write makes of each _exp.
		"expiry": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			expiries, err := runner.ExtractExpiries(args[0].String())
			if err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			return reply(expiries)
		}),
		"free": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			delete(programs, args[0].Int())
			return nil
		}),
	}))
	select {}
}

func reply(value interface{}) string {
	text, err := json.Marshal(value)
	if err != nil {
		text, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(text)
}
