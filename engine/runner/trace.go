package runner

import (
	"reflect"
	"unsafe"

	"github.com/robertkrimen/otto"
	"github.com/robertkrimen/otto/file"
)

// throwSites says where an exception was made in the text a program was compiled from: the offset of each
// frame of otto's trace that stands in that very text, innermost first, in bytes of the program's source (its
// UTF-8, without the parenthesis Compile puts before it; the host counts its own units). otto keeps the
// trace in unexported fields (error.go _error.trace, the same at both pins the gateway uses); its text form,
// "at <anonymous>:3:9", names the file of an eval'd text or a Function's body in the same way as the
// function's own, so each frame's file is compared with the program's text itself (frameSite). Nothing here
// is visible to the function: the call has ended.
func throwSites(err error, evaluated string) []int {
	thrown, ok := err.(*otto.Error)
	if !ok {
		return nil
	}
	trace := reflect.ValueOf(thrown).Elem().FieldByName("_error").FieldByName("trace")
	if !trace.IsValid() || trace.Kind() != reflect.Slice {
		return nil
	}
	var sites []int
	for i := 0; i < trace.Len(); i++ {
		if at, ok := frameSite(trace.Index(i), evaluated); ok {
			sites = append(sites, at)
		}
	}
	return sites
}

// callerSites is where the running call stands, frame by frame, innermost first, in the program's text (as
// throwSites): read by a native of the program from otto's scopes (otto.go Otto.runtime, runtime.go
// _runtime.scope, scope.go _scope.frame and .outer). Each frame's offset is its last call's place, which for
// the frames around a native is the place of the call that led to it. It looks at the innermost
// callerScopes scopes only, so that what a native costs the call stays small whatever the depth.
func callerSites(vm *otto.Otto, evaluated string) []int {
	runtime := reflect.ValueOf(vm).Elem().FieldByName("runtime")
	if !runtime.IsValid() || runtime.IsNil() {
		return nil
	}
	var sites []int
	scope := runtime.Elem().FieldByName("scope")
	for n := 0; n < callerScopes && scope.IsValid() && !scope.IsNil(); n++ {
		if at, ok := frameSite(scope.Elem().FieldByName("frame"), evaluated); ok {
			sites = append(sites, at)
		}
		scope = scope.Elem().FieldByName("outer")
	}
	return sites
}

// callerScopes is how many scopes callerSites reads: a native, the wrapper's helper that called it, the
// function's calls around it.
const callerScopes = 16

// frameSite is the offset of one of otto's frames (error.go _frame) in the program's source, when the frame
// stands in the program's text itself.
func frameSite(frame reflect.Value, evaluated string) (int, bool) {
	if !frame.IsValid() || frame.FieldByName("native").Bool() {
		return 0, false
	}
	pointer := frame.FieldByName("file")
	if pointer.IsNil() {
		return 0, false
	}
	source := (*file.File)(unsafe.Pointer(pointer.Pointer()))
	if source.Source() != evaluated {
		return 0, false
	}
	at := int(frame.FieldByName("offset").Int()) - source.Base()
	// The opening parenthesis is Compile's, not the source's.
	if at < 1 || at > len(evaluated) {
		return 0, false
	}
	return at - 1, true
}
