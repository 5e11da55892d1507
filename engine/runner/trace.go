package runner

import (
	"reflect"
	"unicode/utf16"
	"unsafe"

	"github.com/robertkrimen/otto"
	"github.com/robertkrimen/otto/file"
)

// throwSites says where an exception was made in the text a program was compiled from: the offset of each
// frame of otto's trace that stands in that very text, innermost first, in UTF-16 code units of the
// program's source (the host's string, without the parenthesis Compile puts before it). otto keeps the
// trace in unexported fields (error.go _error.trace, _frame.file and .offset, the same at both pins the
// gateway uses); its text form, "at <anonymous>:3:9", names the file of an eval'd text or a Function's body
// in the same way as the function's own, so each frame's file is compared with the program's text itself.
// Nothing here is visible to the function: the call has ended.
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
		frame := trace.Index(i)
		if frame.FieldByName("native").Bool() {
			continue
		}
		pointer := frame.FieldByName("file")
		if pointer.IsNil() {
			continue
		}
		source := (*file.File)(unsafe.Pointer(pointer.Pointer()))
		if source.Source() != evaluated {
			continue
		}
		at := int(frame.FieldByName("offset").Int()) - source.Base()
		// The opening parenthesis is Compile's, not the source's.
		if at < 1 || at > len(evaluated) {
			continue
		}
		sites = append(sites, utf16Length(evaluated[1:at]))
	}
	return sites
}

// utf16Length is the length of text in UTF-16 code units, as the host's strings count it.
func utf16Length(text string) int {
	n := 0
	for _, r := range text {
		n += utf16.RuneLen(r)
	}
	return n
}
