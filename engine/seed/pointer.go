//go:build js && wasm

package seed

import "unsafe"

// unsafePointer turns an address inside the runtime's M (which is never freed or moved) into a pointer.
func unsafePointer(address uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&address))
}
