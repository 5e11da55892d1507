//go:build js && wasm

// Package heap tells the host where Go keeps the break of its linear memory. On js/wasm the runtime grows
// the memory from sbrk (runtime/mem_wasm.go@go1.26): it grows by what lies past blocMax, the end it last
// grew to, a variable in the memory itself. The host puts the whole memory back in a saved state before
// each call (src/otto/load.ts), blocMax with it, but a WebAssembly memory never shrinks: without help, each
// call that grows the heap grows the memory again from the saved break, and a suite's memory grew by a
// call's growth per call (13 MiB to 153 MiB in 300 calls of a large function). The host writes the memory's
// size into blocMax after each restore; the pages between the saved break and the memory's end are zero
// then (the host restores every page a call wrote, to zero past the saved state), as sbrk's fresh pages are.
package heap

import (
	"unsafe"
)

//go:linkname blocMax runtime.blocMax
var blocMax uintptr

// BreakAddress is the address of the runtime's blocMax (8 bytes, little-endian).
func BreakAddress() uintptr {
	return uintptr(unsafe.Pointer(&blocMax))
}
