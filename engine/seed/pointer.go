//go:build js && wasm

package seed

import "unsafe"

//go:nocheckptr
func unsafePointer(address uintptr) unsafe.Pointer {
	return unsafe.Pointer(address) //nolint:govet // the runtime's own M, which never moves
}
