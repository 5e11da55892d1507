//go:build js && wasm

// Command engine is the JavaScript engine of `sgconf test` and `sgconf dry-run`: the runner package
// behind one global object, sgconfOtto, with JSON text in and out (one crossing each way per batch).
package main

import (
	"encoding/json"
	"runtime"
	"runtime/debug"
	"syscall/js"
	"time"
	// The time zone database, so that a function's local time is the gateway host's zone, with its
	// daylight saving, whatever zone the machine that runs sgconf is in.
	_ "time/tzdata"

	"github.com/robertkrimen/otto"

	"sgconf/engine/heap"
	"sgconf/engine/runner"
	"sgconf/engine/seed"
)

// memoryLimit is the Go heap past which a call collects its garbage (see main).
const memoryLimit = 256 << 20

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
	// No collection by heap growth: the host puts the whole program back in its saved state before each
	// call (src/otto/load.ts), so a call's garbage never outlives it, and a collection, whose timing
	// depends on the clock, would make what a call sees (Go's random state) depend on when it ran. Only a
	// call that allocates past this limit collects; the host's limit (src/sync/engine.ts) is above it.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(memoryLimit)
	calibrated := seed.Calibrate()
	// The runtime every program is compiled in, with underscore.js as the gateway has it, made by prepare:
	// the host saves the engine's state after it and restores that state before each compilation, so each
	// program finds it as made there. A host that only asks otto's parser (check) never makes it.
	var base *otto.Otto
	js.Global().Set("sgconfOtto", js.ValueOf(map[string]interface{}{
		"ready": calibrated == nil,
		// Where the runtime keeps its memory's break, which the host moves to the memory's end after each
		// restore (engine/heap).
		"breakAddress": float64(heap.BreakAddress()),
		// prepare() -> {}: what running programs needs, made once, before the host saves the start state.
		"prepare": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			if base == nil {
				warmCaches()
				base = runner.NewRuntime(true)
			}
			return "{}"
		}),
		// compile(role, source, optionsJSON) -> {"id": n} or {"error": text}
		"compile": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			var options runner.Options
			if err := json.Unmarshal([]byte(args[2].String()), &options); err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			if base == nil {
				return reply(map[string]interface{}{"error": "the engine was not prepared"})
			}
			program, err := runner.CompileIn(base, args[0].String(), args[1].String(), options)
			if err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			// No collection before the host saves this state: the compilation's garbage stays in it, and each
			// call allocates in fresh spans after it. Collected, its free space lay scattered through the heap,
			// and every call swept and wrote pages all over it (the examples' cases took 6% longer, bench g 18%).
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
					// Math.random draws from math/rand's global source (otto builtin_math.go), which, never
					// seeded (rand.Seed does nothing from Go 1.24), draws from the same state as map order.
					seed.Set(in.Seeds[i])
				}
				started := time.Now()
				results[i] = program.Run(call)
				results[i].Micros = time.Since(started).Microseconds()
			}
			return reply(results)
		}),
		// expiry(valuesJSON) -> [{"value": n|null} | {"error": text}]: what a write makes of each _exp.
		"expiry": js.FuncOf(func(this js.Value, args []js.Value) interface{} {
			expiries, err := runner.ExtractExpiries(args[0].String())
			if err != nil {
				return reply(map[string]interface{}{"error": err.Error()})
			}
			return reply(expiries)
		}),
	}))
	select {}
}

// warmCaches builds encoding/json's decoders and encoders of the batch and its results (built on first
// use, by reflection) before the host saves the engine's state: every call starts from a saved state, so
// without them every call would build them again.
func warmCaches() {
	var in batch
	_ = json.Unmarshal([]byte(`{"program":0,"calls":[{"doc":{},"oldDoc":"","meta":{},"userCtx":{"name":"","channels":[],"roles":[]},"numbers":"convert"}],"seeds":[1]}`), &in)
	_ = reply([]runner.Result{{}})
	_, _ = runner.ExtractExpiries(`[0]`)
}

func reply(value interface{}) string {
	text, err := json.Marshal(value)
	if err != nil {
		text, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(text)
}
