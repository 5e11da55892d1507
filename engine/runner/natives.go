package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/robertkrimen/otto"
)

// Record is what the natives saw during one call, before the gateway compiles it (channels/sync_runner.go@4.1.1).
type Record struct {
	Channels []string `json:"channels"`
	Access   []Grant  `json:"access"`
	Roles    []Grant  `json:"roles"`
	// Rejection is the first reject() with a status of 400 or more.
	Rejection *Rejection `json:"rejection"`
	// Expiry is the last expiry() value ReflectExpiry read.
	Expiry    *uint32  `json:"expiry"`
	LogInfo   []string `json:"logInfo"`
	LogErrors []string `json:"logErrors"`
	// Demands and Denied are sgconf's own: what the require* helpers asked for (see DemandRecorder).
	Demands Demands `json:"demands"`
	Denied  bool    `json:"denied"`
	// RejectedAt is where the reject() of Rejection was called, and DeniedAt where the last require* that
	// refused the writer was called, frame by frame in the program's text (callerSites): sgconf's own.
	RejectedAt []int `json:"rejectedAt,omitempty"`
	DeniedAt   []int `json:"deniedAt,omitempty"`
	denials    int
	// ThrowSite is, in a source with marked throw statements, the number of the statement that threw the
	// very value the wrapper caught (the demand recorder's "caught"); nil when none did.
	ThrowSite *int `json:"throwSite,omitempty"`
	lastThrow *markedThrow
	// Coverage is, when the program counts (Options.Counters), each counter the call reached and its
	// count, as pairs: index, count, index, count ...
	Coverage []int64 `json:"coverage,omitempty"`
}

// Grant is one access() or role() call that granted something: its users and values, as strings.
type Grant struct {
	Users  []string `json:"users"`
	Values []string `json:"values"`
}

// Rejection is a reject() the gateway keeps.
type Rejection struct {
	Status int64 `json:"status"`
	// StatusText is Status in decimal: the gateway writes the status with %d (base.HTTPError), and a
	// status past 2^53 (reject(Infinity)) has no exact JavaScript number.
	StatusText string `json:"statusText"`
	Message    string `json:"message"`
}

// Demands lists what require* helpers asked for: together, and call by call.
type Demands struct {
	Users    []string `json:"users"`
	Roles    []string `json:"roles"`
	Channels []string `json:"channels"`
	Admin    bool     `json:"admin"`
	// Calls is each require* call in call order, with the values it accepted (any one suffices).
	Calls []DemandCall `json:"calls"`
}

// DemandCall is one require* call: "users", "roles", "channels" or "admin", and its values.
type DemandCall struct {
	Kind   string   `json:"kind"`
	Values []string `json:"values"`
}

// Outcome is how a call ended.
type Outcome struct {
	// Kind: "returned", "threw" (an exception, Message is otto's error text), "panic" (a Go panic
	// inside otto), "invalid" (arguments the gateway could not build).
	Kind    string `json:"kind"`
	Message string `json:"message,omitempty"`
	// ThrownAt is where a thrown Error was made in the function's source, frame by frame, innermost
	// first (throwSites): sgconf's own addition, never part of what the gateway answers.
	ThrownAt []int `json:"thrownAt,omitempty"`
	// Import is an import filter's answer (db/import.go@4.1.1 parseImportFilterOutput).
	Import *ImportAnswer `json:"import,omitempty"`
}

// ImportAnswer is whether the document is imported, or why parseImportFilterOutput refused the value.
type ImportAnswer struct {
	ShouldImport bool   `json:"shouldImport"`
	Error        string `json:"error,omitempty"`
}

// Result is one call's record and outcome.
type Result struct {
	Record
	Outcome Outcome `json:"outcome"`
	// Micros is how long the call took, in microseconds (set by the caller that times it).
	Micros int64 `json:"micros"`
}

// DemandRecorder is the global sgconf's copy of the wrapper calls in each require* helper before it
// decides (src/releases/sync-runner.ts); the gateway's wrapper has no such call.
const DemandRecorder = "__sgconfDemand"

// deniedSites is how many of a call's require* refusals record where they were called (Record.DeniedAt).
const deniedSites = 1000

func defineSyncNatives(vm *otto.Otto, record *Record, evaluated string) {
	undefined := otto.UndefinedValue()
	_ = vm.Set("channel", func(call otto.FunctionCall) otto.Value {
		for _, arg := range call.ArgumentList {
			if names := stringArray(arg); names != nil {
				record.Channels = append(record.Channels, names...)
			}
		}
		return undefined
	})
	grant := func(list *[]Grant) func(otto.FunctionCall) otto.Value {
		return func(call otto.FunctionCall) otto.Value {
			values := stringArray(call.Argument(1))
			if len(values) > 0 {
				*list = append(*list, Grant{Users: nonNil(stringArray(call.Argument(0))), Values: values})
			}
			return undefined
		}
	}
	_ = vm.Set("access", grant(&record.Access))
	_ = vm.Set("role", grant(&record.Roles))
	_ = vm.Set("reject", func(call otto.FunctionCall) otto.Value {
		if record.Rejection == nil {
			if status, err := call.Argument(0).ToInteger(); err == nil && status >= 400 {
				var message string
				if len(call.ArgumentList) > 1 {
					message = call.Argument(1).String()
				}
				record.Rejection = &Rejection{Status: status, StatusText: strconv.FormatInt(status, 10), Message: message}
				record.RejectedAt = callerSites(call.Otto, evaluated)
			}
		}
		return undefined
	})
	_ = vm.Set("expiry", func(call otto.FunctionCall) otto.Value {
		if len(call.ArgumentList) == 0 {
			return undefined
		}
		raw, err := call.Argument(0).Export()
		if err != nil || raw == nil || call.Argument(0).IsUndefined() {
			return undefined
		}
		if expiry, err := ReflectExpiry(raw); err == nil && expiry != nil {
			record.Expiry = expiry
		}
		return undefined
	})
	_ = vm.Set(DemandRecorder, func(call otto.FunctionCall) otto.Value {
		kind := call.Argument(0).String()
		switch kind {
		case "admin":
			record.Demands.Admin = true
			record.Demands.Calls = append(record.Demands.Calls, DemandCall{Kind: "admin", Values: []string{}})
		case "caught":
			if last := record.lastThrow; last != nil && sameObject(call.Argument(1), last.value) {
				site := last.site
				record.ThrowSite = &site
			}
		case "denied":
			record.Denied = true
			// Only the first deniedSites denials are placed, so that a function refused in a loop pays little
			// for it; past them no place is known.
			record.denials++
			record.DeniedAt = nil
			if record.denials <= deniedSites {
				record.DeniedAt = callerSites(call.Otto, evaluated)
			}
		case "user", "role", "access":
			values := nonNil(demandStrings(call.Argument(1)))
			switch kind {
			case "user":
				record.Demands.Users = append(record.Demands.Users, values...)
				record.Demands.Calls = append(record.Demands.Calls, DemandCall{Kind: "users", Values: values})
			case "role":
				record.Demands.Roles = append(record.Demands.Roles, values...)
				record.Demands.Calls = append(record.Demands.Calls, DemandCall{Kind: "roles", Values: values})
			default:
				record.Demands.Channels = append(record.Demands.Channels, values...)
				record.Demands.Calls = append(record.Demands.Calls, DemandCall{Kind: "channels", Values: values})
			}
		}
		return undefined
	})
}

// markedThrow is the last value a marked throw statement threw, and the statement's number.
type markedThrow struct {
	site  int
	value otto.Value
}

// defineThrowMarker defines the native a marked source calls around each thrown value: it returns the value
// as it is, and notes which statement threw it.
func defineThrowMarker(vm *otto.Otto, record *Record, name string) {
	_ = vm.Set(name, func(call otto.FunctionCall) otto.Value {
		site, err := call.Argument(0).ToInteger()
		if err == nil {
			record.lastThrow = &markedThrow{site: int(site), value: call.Argument(1)}
		}
		return call.Argument(1)
	})
}

// sameObject says whether two values are the one JavaScript object (otto's Value holds its *_object).
func sameObject(a, b otto.Value) bool {
	if !a.IsObject() || !b.IsObject() {
		return false
	}
	x := reflect.ValueOf(a).FieldByName("value")
	y := reflect.ValueOf(b).FieldByName("value")
	if !x.IsValid() || !y.IsValid() || x.IsNil() || y.IsNil() || x.Elem().Kind() != reflect.Pointer || y.Elem().Kind() != reflect.Pointer {
		return false
	}
	return x.Elem().Pointer() == y.Elem().Pointer()
}

func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// stringArray is ottoValueToStringArray (channels/sync_runner.go@4.1.1): the exported value through
// base.ValueToStringArray (base/util.go@4.1.1): a string, a []string, or the strings of a []any.
func stringArray(value otto.Value) []string {
	native, _ := value.Export()
	switch typed := native.(type) {
	case string:
		return []string{typed}
	case []string:
		return typed
	case []interface{}:
		result := make([]string, 0, len(typed))
		for _, item := range typed {
			if text, ok := item.(string); ok {
				result = append(result, text)
			}
		}
		return result
	}
	return nil
}

// demandStrings: the helper's argument as the wrapper's makeArray sees it, each item as a string.
func demandStrings(value otto.Value) []string {
	if value.IsObject() {
		object := value.Object()
		if class := object.Class(); class == "Array" || class == "GoArray" {
			length, _ := object.Get("length")
			n, _ := length.ToInteger()
			out := make([]string, 0, n)
			for i := int64(0); i < n; i++ {
				item, _ := object.Get(strconv.FormatInt(i, 10))
				out = append(out, item.String())
			}
			return out
		}
	}
	return []string{value.String()}
}

// ReflectExpiry reads an expiry() value, or a written body's _exp, as base.ReflectExpiry
// (base/util.go@4.1.1) does, with its error texts (a write that gives a bad _exp is refused with them).
func ReflectExpiry(raw interface{}) (*uint32, error) {
	switch expiry := raw.(type) {
	case int64:
		return validateUint32Expiry(expiry)
	case float64:
		return validateUint32Expiry(int64(expiry))
	case json.Number:
		n, err := expiry.Int64()
		if err != nil {
			return nil, err
		}
		return validateUint32Expiry(n)
	case string:
		if n, err := strconv.ParseInt(expiry, 10, 32); err == nil {
			return validateUint32Expiry(n)
		}
		at, err := time.Parse(time.RFC3339, expiry)
		if err != nil {
			// pkgerrors.Wrapf: the message, then the cause.
			return nil, fmt.Errorf("Unable to parse expiry %s as either numeric or date expiry: %v", expiry, err)
		}
		return validateUint32Expiry(at.Unix())
	case nil:
		return nil, nil
	}
	return nil, errors.New("Unrecognized expiry format")
}

func validateUint32Expiry(expiry int64) (*uint32, error) {
	if expiry < 0 || expiry > math.MaxUint32 {
		return nil, fmt.Errorf("Expiry value is not within valid range: %d", expiry)
	}
	value := uint32(expiry)
	return &value, nil
}

// Integers beyond these stay json.Number (channels/channelmapper.go@4.1.1 JavascriptMaxSafeInt).
const (
	maxSafeInt = int64(1<<53 - 1)
	minSafeInt = -maxSafeInt
)

// ConvertJSONNumbers turns json.Number into int64 or float64 where JavaScript can hold it exactly,
// in place, as channels/channelmapper.go@4.1.1 ConvertJSONNumbers does before a real write's call.
func ConvertJSONNumbers(value interface{}) interface{} {
	switch typed := value.(type) {
	case json.Number:
		if n, err := typed.Int64(); err == nil {
			if n > maxSafeInt || n < minSafeInt {
				return typed
			}
			return n
		} else if numErr, ok := err.(*strconv.NumError); ok && numErr.Err == strconv.ErrRange {
			return typed
		}
		if f, err := typed.Float64(); err == nil {
			return f
		}
		return typed
	case map[string]interface{}:
		for key, item := range typed {
			typed[key] = ConvertJSONNumbers(item)
		}
	case []interface{}:
		for i, item := range typed {
			typed[i] = ConvertJSONNumbers(item)
		}
	}
	return value
}

// importOutcome is parseImportFilterOutput (db/import.go@4.1.1) of the exported return value.
func importOutcome(exported interface{}) Outcome {
	switch typed := exported.(type) {
	case bool:
		return Outcome{Kind: "returned", Import: &ImportAnswer{ShouldImport: typed}}
	case string:
		value, err := strconv.ParseBool(typed)
		if err != nil {
			return Outcome{Kind: "returned", Import: &ImportAnswer{Error: err.Error()}}
		}
		return Outcome{Kind: "returned", Import: &ImportAnswer{ShouldImport: value}}
	}
	return Outcome{Kind: "returned", Import: &ImportAnswer{Error: "Import filter function returned non-boolean value."}}
}

// Expiry is what a write makes of a body's _exp (db/revision.go@4.1.1 Body.ExtractExpiry): the expiry, or
// none (null: the property stays in the body), or the text of the 400 "Invalid expiry" refusal.
type Expiry struct {
	Value *uint32 `json:"value"`
	Error string  `json:"error,omitempty"`
}

// ExtractExpiries reads each _exp of a JSON array, decoded as a written body is (UseNumber).
func ExtractExpiries(text string) ([]Expiry, error) {
	decoder := json.NewDecoder(strings.NewReader(text))
	decoder.UseNumber()
	var raws []interface{}
	if err := decoder.Decode(&raws); err != nil {
		return nil, err
	}
	out := make([]Expiry, len(raws))
	for i, raw := range raws {
		value, err := ReflectExpiry(raw)
		if err != nil {
			out[i].Error = err.Error()
		} else {
			out[i].Value = value
		}
	}
	return out, nil
}
