//go:build js && wasm

// Package seed makes Go's map order a function of a seed. Go gives each map a random hash seed and starts
// each iteration at a random group and slot (internal/runtime/maps: m.seed and Iter.Init draw from
// runtime.rand), and runtime.rand reads the current M's ChaCha8 state (m.chacha8), which js/wasm seeds at
// start; otto enumerates a Go map (a document) in that order, and Math.random draws from it too. Setting
// the whole state before each call makes a call's key orders depend on its seed alone, never on the calls
// that ran before it.
package seed

import (
	"errors"
	_ "unsafe" // for go:linkname
)

//go:linkname getm runtime.getm
func getm() uintptr

//go:linkname rand runtime.rand
func rand() uint64

// chacha8State is the layout of internal/chacha8rand.State (Go 1.22 to 1.26): a block of 32 outputs, the
// key, the index of the next output, the number of outputs the block holds, and the block counter.
type chacha8State struct {
	buf  [32]uint64
	seed [4]uint64
	i    uint32
	n    uint32
	c    uint32
}

// state points at the current M's chacha8 field; js/wasm runs one M.
var state *chacha8State

// searchedBytes is how much of the M is searched for the state (the m struct is about 1.5 KiB on js/wasm,
// its chacha8 field near the end).
const searchedBytes = 4096

// Calibrate finds the state: a draw moves the index (i) by one while the size of the block after it (n: 32,
// or 28 for the block before a new key) stays, so a word that grows by one next to such a size is a
// candidate, unless the draw began a new block (then the next draw is tried); a candidate is the state when
// a block written into it is what rand then returns.
func Calibrate() error {
	m := getm()
	words := (*[searchedBytes / 4]uint32)(unsafePointer(m))
	for draw := 0; draw < 64; draw++ {
		before := *words
		rand()
		for k := 72; k+1 < len(words); k++ {
			n := words[k+1]
			if words[k] != before[k]+1 || before[k+1] != n || (n != 32 && n != 28) || words[k] > n {
				continue
			}
			// i is 288 bytes (72 words) past the state's start, which is 8-byte aligned.
			start := m + uintptr(k-72)*4
			if start%8 != 0 {
				continue
			}
			candidate := (*chacha8State)(unsafePointer(start))
			saved := *candidate
			candidate.buf[0], candidate.buf[1], candidate.i, candidate.n = 0x0123456789abcdef, 0xfedcba9876543210, 0, 32
			first, second := rand(), rand()
			*candidate = saved
			if first == 0x0123456789abcdef && second == 0xfedcba9876543210 {
				state = candidate
				return nil
			}
		}
	}
	return errors.New("seed: Go's random state was not found")
}

// Set gives the whole state values derived from seed (splitmix64): the next 32 draws are its block, and
// every later block follows from its key and counter.
func Set(seed uint64) {
	if state == nil {
		return
	}
	x := seed
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for i := range state.buf {
		state.buf[i] = next()
	}
	for i := range state.seed {
		state.seed[i] = next()
	}
	state.i, state.n, state.c = 0, uint32(len(state.buf)), 0
}
