//go:build !js

// Command percase measures what one call costs the gateway: the runner built natively, as the gateway
// runs it, on a batch of calls. npm run bench (measurement j) compares it with the WebAssembly engine.
//
// Usage: go run ./cmd/percase < batch.json, where batch.json is {"program": {text, role,
// underscore}, "calls": [...]}; it prints the nanoseconds per call, the best of five rounds.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"sgconf/engine/runner"
)

type batch struct {
	Program struct {
		Text string `json:"text"`
		Role string `json:"role"`
		runner.Options
	} `json:"program"`
	Calls []runner.Call `json:"calls"`
}

func main() {
	var in batch
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Fprintln(os.Stderr, "percase:", err)
		os.Exit(2)
	}
	program, err := runner.Compile(in.Program.Role, in.Program.Text, in.Program.Options)
	if err != nil {
		fmt.Fprintln(os.Stderr, "percase:", err)
		os.Exit(2)
	}
	best := time.Duration(1<<63 - 1)
	for round := 0; round < 5; round++ {
		start := time.Now()
		for _, call := range in.Calls {
			program.Run(call)
		}
		if elapsed := time.Since(start); elapsed < best {
			best = elapsed
		}
	}
	fmt.Println(best.Nanoseconds() / int64(len(in.Calls)))
}
