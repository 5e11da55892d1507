// Package runner runs a sync function or an import filter as Sync Gateway runs it: in otto with
// underscore (channels/sync_runner.go@4.1.1 imports otto/underscore), with the gateway's natives and
// the Go values the gateway hands the function. Each fact names the file@tag of couchbase/sync_gateway
// or couchbase/sg-bucket it was read from; the code is this project's own.
package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/robertkrimen/otto"
	"github.com/robertkrimen/otto/underscore"
)

// Roles of a function.
const (
	Sync         = "sync"
	ImportFilter = "import_filter"
)

// Program is a function compiled once. Its calls run in its runtime itself: that no call sees what
// another changed is the host's part (the dry-run endpoints build a new runner per request:
// db/crud.go@4.1.1). The engine's host puts the whole program back in the state it saved after the
// compilation before each call (src/otto/load.ts), whatever the call did.
type Program struct {
	role    string
	runtime *otto.Otto
	record  *Record
	fn      otto.Value
	// coverage counts an instrumented function's counters; nil when it has none.
	coverage *coverage
	// location is the gateway host's zone, which otto's Date reads as time.Local.
	location *time.Location
	// evaluated is the text the function was compiled from, "(" + source + ")": where an exception's
	// frames stand in it is told apart from an eval'd text's (throwSites).
	evaluated string
}

// Options say what a function needs of its runtime.
type Options struct {
	// Underscore: the runtime Compile makes has underscore.js, as the gateway's has (the engine compiles
	// every program in one such runtime: CompileIn); without it, a test's function that names it fails.
	Underscore bool `json:"underscore"`
	// StackDepthLimit is otto's limit on nested calls that the release's sg-bucket sets (0: none).
	StackDepthLimit int `json:"stackDepthLimit"`
	// Counters is the number of coverage counters an instrumented source calls (sgconf test --coverage):
	// each call starts them afresh and reports those it reached in Record.Coverage.
	Counters int `json:"counters"`
	// CounterName is the native the instrumented source counts with, as CounterName(n): a name the
	// function's own text does not hold.
	CounterName string `json:"counterName"`
	// TimeZone is the gateway host's zone, an IANA name ("America/New_York"): the local time of the
	// function's Date. Empty: UTC.
	TimeZone string `json:"timeZone"`
	// ThrowMarker is the native a source whose throw statements are marked calls as ThrowMarker(n, value)
	// around each thrown value (sgconf's own, to place a rejection: Record.ThrowSite); empty: none.
	ThrowMarker string `json:"throwMarker"`
}

// ErrNotAFunction is sg-bucket's refusal of a source that evaluates to something else (js_runner.go SetFunction).
var ErrNotAFunction = errors.New("JavaScript source does not evaluate to a function")

// Compile evaluates "(" + source + ")" as sg-bucket's SetFunction does and defines the natives of the role.
// A sync function's source is the gateway's wrapper around the user's function.
func Compile(role string, source string, options Options) (program *Program, err error) {
	return CompileIn(NewRuntime(options.Underscore), role, source, options)
}

// CompileIn is Compile in a runtime made by NewRuntime, which the program then owns: a host that restores
// the engine's state from before the compilation for each program (src/sync/engine.ts) makes the runtime
// once, with underscore.js, and compiles every program in it.
func CompileIn(vm *otto.Otto, role string, source string, options Options) (program *Program, err error) {
	defer func() {
		if caught := recover(); caught != nil {
			program, err = nil, fmt.Errorf("%v", caught)
		}
	}()
	location := time.UTC
	if options.TimeZone != "" {
		if location, err = time.LoadLocation(options.TimeZone); err != nil {
			return nil, fmt.Errorf("the time zone %q: %v", options.TimeZone, err)
		}
	}
	if options.StackDepthLimit > 0 {
		vm.SetStackDepthLimit(options.StackDepthLimit)
	}
	record := &Record{}
	// sg-bucket InitWithLogging: log, then the function, then console; the sync runner's natives after.
	_ = vm.Set("log", func(call otto.FunctionCall) otto.Value { return otto.UndefinedValue() })
	evaluated := "(" + source + ")"
	fn, counted, err := evaluate(vm, evaluated, options)
	if err != nil {
		return nil, err
	}
	if !fn.IsFunction() {
		return nil, ErrNotAFunction
	}
	if role == Sync {
		defineSyncNatives(vm, record, evaluated)
	}
	if options.ThrowMarker != "" {
		defineThrowMarker(vm, record, options.ThrowMarker)
	}
	setConsole(vm, record)
	return &Program{role: role, runtime: vm, record: record, fn: fn, coverage: counted, location: location, evaluated: evaluated}, nil
}

// evaluate runs the text that holds the function as sg-bucket's SetFunction does (vm.Object); a function
// with coverage counters is compiled under CoverageFile, with its counting native defined first.
func evaluate(vm *otto.Otto, text string, options Options) (otto.Value, *coverage, error) {
	if options.Counters <= 0 {
		object, err := vm.Object(text)
		if err != nil {
			return otto.Value{}, nil, err
		}
		return object.Value(), nil, nil
	}
	if options.CounterName == "" {
		return otto.Value{}, nil, errors.New("coverage counters need a counter name")
	}
	program, counted, err := parseCounted(text, options.CounterName, options.Counters)
	if err != nil {
		return otto.Value{}, nil, err
	}
	if err := counted.define(vm, options.CounterName); err != nil {
		return otto.Value{}, nil, err
	}
	value, err := vm.Run(program)
	return value, counted, err
}

// NewRuntime is otto.New with or without the registered underscore.js, which otto.New runs last.
func NewRuntime(withUnderscore bool) *otto.Otto {
	underscore.Disable()
	vm := otto.New()
	underscore.Enable()
	if withUnderscore {
		if _, err := vm.Run(underscore.Source()); err != nil {
			panic(err)
		}
	}
	return vm
}

// setConsole defines console as sg-bucket's InitWithLogging does: a Go map of two func(string).
func setConsole(vm *otto.Otto, record *Record) {
	_ = vm.Set("console", map[string]interface{}{
		"error": func(text string) { record.LogErrors = append(record.LogErrors, text) },
		"log":   func(text string) { record.LogInfo = append(record.LogInfo, text) },
	})
}

// Call is one call of the function, with its arguments as the gateway builds them.
type Call struct {
	// Doc is the document body as JSON; Numbers says how the gateway decoded it.
	Doc json.RawMessage `json:"doc"`
	// OldDoc is the parent revision's JSON text (sgbucket.JSONString); empty: null.
	OldDoc string `json:"oldDoc"`
	// Meta is meta as JSON (user xattrs); absent for releases before 3.0, which pass no meta.
	Meta json.RawMessage `json:"meta,omitempty"`
	// UserCtx is the writing user; nil for an admin.
	UserCtx *UserCtx `json:"userCtx"`
	// Numbers: NumbersConvert, NumbersKeep or NumbersFloat.
	Numbers string `json:"numbers"`
}

// How a path decodes a document's numbers.
const (
	// NumbersConvert: decoded with UseNumber, then ConvertJSONNumbers (channels/channelmapper.go@4.1.1
	// MapToChannelsAndAccess, on a real write).
	NumbersConvert = "convert"
	// NumbersKeep: decoded with UseNumber and passed on (the dry-run endpoints: rest/multipart.go@4.1.1
	// ReadJSONFromMIMERawErr, then db/crud.go SyncFnDryRun and db/import.go ImportFilterDryRun).
	NumbersKeep = "keep"
	// NumbersFloat: json.Unmarshal into float64 (a document imported from the bucket: base/util_ce.go JSONUnmarshal).
	NumbersFloat = "float"
)

// UserCtx is the user as MakeUserCtx (db/crud.go@4.1.1) and the dry-run endpoint
// (rest/diagnostic_doc_api.go@4.1.1) build it: name, channels and a map of role names.
type UserCtx struct {
	Name     string   `json:"name"`
	Channels []string `json:"channels"`
	Roles    []string `json:"roles"`
}

// Run calls the function once. A Go panic inside otto ends the call as an error, as the gateway's
// handler turns a panic into a 500.
func (p *Program) Run(call Call) (result Result) {
	*p.record = Record{}
	result.Outcome = p.run(call)
	result.Record = *p.record
	if result.Record.Channels == nil {
		result.Record.Channels = []string{}
	}
	return result
}

func (p *Program) run(call Call) (outcome Outcome) {
	defer func() {
		if caught := recover(); caught != nil {
			outcome = Outcome{Kind: "panic", Message: fmt.Sprint(caught)}
		}
	}()
	// otto's Date reads time.Local: the program's zone for the call (calls run one at a time).
	time.Local = p.location
	vm, fn := p.runtime, p.fn
	if p.coverage != nil {
		p.coverage.start()
		// Read however the call ends: a throw is a result like any other.
		defer func() { p.record.Coverage = p.coverage.reached() }()
	}
	args, err := arguments(p.role, call)
	if err != nil {
		return Outcome{Kind: "invalid", Message: err.Error()}
	}
	values := make([]interface{}, len(args))
	for i, arg := range args {
		if values[i], err = vm.ToValue(arg); err != nil {
			return Outcome{Kind: "invalid", Message: fmt.Sprintf("Couldn't convert %#v to JS: %s", arg, err)}
		}
	}
	returned, err := fn.Call(fn, values...)
	if err != nil {
		return Outcome{Kind: "threw", Message: err.Error(), ThrownAt: throwSites(err, p.evaluated)}
	}
	if p.role == ImportFilter {
		exported, _ := returned.Export()
		return importOutcome(exported)
	}
	return Outcome{Kind: "returned"}
}

// arguments builds the call's arguments as Go values, as the gateway does.
func arguments(role string, call Call) ([]interface{}, error) {
	doc, err := decode(call.Doc, call.Numbers)
	if err != nil {
		return nil, err
	}
	if role == ImportFilter {
		return []interface{}{doc}, nil
	}
	// sgbucket.JSONString: "" is null, anything else json.Unmarshal'ed (js_runner.go jsonToValue).
	var oldDoc interface{} = otto.NullValue()
	if call.OldDoc != "" {
		var parsed interface{}
		if err := json.Unmarshal([]byte(call.OldDoc), &parsed); err != nil {
			return nil, fmt.Errorf("Unparseable JSRunner input: %s", call.OldDoc)
		}
		oldDoc = parsed
	}
	args := []interface{}{doc, oldDoc}
	if call.Meta != nil {
		meta, err := decode(call.Meta, call.Numbers)
		if err != nil {
			return nil, err
		}
		args = append(args, meta)
	}
	return append(args, userContext(call.UserCtx)), nil
}

// userContext is MakeUserCtx's map; an admin has none: a nil map, which otto still makes an object of.
func userContext(user *UserCtx) map[string]interface{} {
	if user == nil {
		return nil
	}
	roles := make(map[string]int, len(user.Roles))
	for _, role := range user.Roles {
		roles[role] = 1
	}
	return map[string]interface{}{"name": user.Name, "channels": user.Channels, "roles": roles}
}

func decode(text json.RawMessage, numbers string) (interface{}, error) {
	if len(text) == 0 {
		return nil, nil
	}
	var value interface{}
	if numbers == NumbersFloat {
		err := json.Unmarshal(text, &value)
		return value, err
	}
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	if err := decoder.Decode(&value); err != nil {
		return nil, err
	}
	if numbers == NumbersConvert {
		value = ConvertJSONNumbers(value)
	}
	return value, nil
}
