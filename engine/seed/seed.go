//go:build js && wasm

// Package seed makes Go's map order a function of a seed. Go randomises each map's hash seed and each
// iteration's start from the runtime's fastrand state, which js/wasm seeds from the clock; otto
// enumerates a Go map (a document) in that order. Setting the state before each call makes a call's
// key orders depend on its seed alone, never on the calls that ran before it.
package seed

import (
	"errors"
	_ "unsafe" // for go:linkname
)

//go:linkname getm runtime.getm
func getm() uintptr

//go:linkname fastrand runtime.fastrand
func fastrand() uint32

// state points at the current M's fastrand field; js/wasm runs one M.
var state *[2]uint32

// Calibrate finds the fastrand field: on js/wasm it is an xorshift64+ pair [s1, s0] that fastrand
// turns into [s0, s1'], so the word that moves into the first half is the state.
func Calibrate() error {
	m := (*[256]uint32)(unsafePointer(getm()))
	before := *m
	fastrand()
	for i := 0; i+1 < len(m); i++ {
		if m[i] != before[i] && m[i] == before[i+1] && m[i+1] != before[i+1] {
			state = (*[2]uint32)(unsafePointer(getm() + uintptr(i)*4))
			return nil
		}
	}
	return errors.New("seed: Go's random state was not found")
}

// Set gives the state a value derived from seed (never all zero, which xorshift cannot leave).
func Set(seed uint64) {
	if state == nil {
		return
	}
	mixed := seed*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
	state[0], state[1] = uint32(mixed>>32)|1, uint32(mixed)
}
