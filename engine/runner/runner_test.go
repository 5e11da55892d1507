package runner

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"testing"
)

func compile(t *testing.T, role, source string, options Options) *Program {
	t.Helper()
	program, err := Compile(role, source, options)
	if err != nil {
		t.Fatalf("Compile(%q): %v", source, err)
	}
	return program
}

func TestNatives(t *testing.T) {
	// Rows of channels/channelmapper_test.go@4.1.1, with the function called directly (no wrapper).
	tests := []struct {
		name   string
		source string
		doc    string
		want   Record
	}{
		{"channel takes strings and arrays", `function(doc) { channel("foo", ["bar", "baz"]); }`, `{}`, Record{Channels: []string{"foo", "bar", "baz"}}},
		{"non-strings in arrays are dropped", `function(doc) { channel(["a", ["b"], "c", 4]); }`, `{}`, Record{Channels: []string{"a", "c"}}},
		{"access of null channels grants nothing", `function(doc) { access("lee", null); }`, `{}`, Record{Channels: []string{}}},
		{"access of users and channels", `function(doc) { access(["lee", "nancy"], "ginger"); }`, `{}`, Record{Channels: []string{}, Access: []Grant{{Users: []string{"lee", "nancy"}, Values: []string{"ginger"}}}}},
		{"the first reject of 400 or more is kept", `function(doc) { reject(399, "no"); reject(403, "yes"); reject(500, "later"); }`, `{}`, Record{Channels: []string{}, Rejection: &Rejection{Status: 403, StatusText: "403", Message: "yes"}, RejectedAt: []int{35}}}, // where reject(403 is called
		{"a status past 2^53 keeps its digits as text", `function(doc) { reject(Infinity, "m"); }`, `{}`, Record{Channels: []string{}, Rejection: &Rejection{Status: math.MaxInt64, StatusText: "9223372036854775807", Message: "m"}, RejectedAt: []int{16}}},
		{"a json.Number inside a document array is no string", `function(doc) { channel(doc.list); }`, `{"list": ["a", 12345678901234567890]}`, Record{Channels: []string{"a"}}},
		{"console.log and console.error", `function(doc) { console.log("a"); console.error("b"); }`, `{}`, Record{Channels: []string{}, LogInfo: []string{"a"}, LogErrors: []string{"b"}}},
		{"each demand is recorded as its own call, in order", `function(doc) { __sgconfDemand("access", ["a", "b"]); __sgconfDemand("user", "ann"); __sgconfDemand("access", []); __sgconfDemand("admin"); }`, `{}`,
			Record{Channels: []string{}, Demands: Demands{Users: []string{"ann"}, Channels: []string{"a", "b"}, Admin: true, Calls: []DemandCall{
				{Kind: "channels", Values: []string{"a", "b"}}, {Kind: "users", Values: []string{"ann"}}, {Kind: "channels", Values: []string{}}, {Kind: "admin", Values: []string{}}}}}},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := compile(t, Sync, test.source, Options{}).Run(Call{Doc: json.RawMessage(test.doc), Numbers: NumbersConvert})
			if got.Outcome.Kind != "returned" {
				t.Fatalf("outcome %+v", got.Outcome)
			}
			if !reflect.DeepEqual(got.Record, test.want) {
				t.Errorf("got %+v, want %+v", got.Record, test.want)
			}
		})
	}
}

func TestArguments(t *testing.T) {
	// What the function sees of each argument, by path.
	tests := []struct {
		name    string
		call    Call
		channel string
	}{
		{"a null field of a Go map is undefined", Call{Doc: json.RawMessage(`{"a": null}`), Numbers: NumbersConvert}, "undefined"},
		{"a document array is a GoArray", Call{Doc: json.RawMessage(`{"a": [1]}`), Numbers: NumbersConvert}, "[object GoArray]"},
		{"a number on a write is a number", Call{Doc: json.RawMessage(`{"a": 1e2}`), Numbers: NumbersConvert}, "number 100"},
		{"a number on the endpoint keeps its JSON text", Call{Doc: json.RawMessage(`{"a": 1e2}`), Numbers: NumbersKeep}, "string 1e2"},
		{"an integer beyond 2^53 on a write stays json.Number", Call{Doc: json.RawMessage(`{"a": 12345678901234567890}`), Numbers: NumbersConvert}, "string 12345678901234567890"},
		{"an admin's userCtx is an object (a nil Go map)", Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert}, "object"},
		{"a user's userCtx roles are a map", Call{Doc: json.RawMessage(`{}`), UserCtx: &UserCtx{Name: "ann", Roles: []string{"r"}}, Numbers: NumbersConvert}, "object ann r"},
	}
	source := `function(doc, oldDoc, userCtx) {
		var a = doc.a;
		if (arguments.length > 2 && doc.a === undefined && !("a" in doc)) {
			var keys = []; for (var k in userCtx.roles) keys.push(k);
			channel(typeof userCtx + (userCtx.name ? " " + userCtx.name + " " + keys.join() : ""));
			return;
		}
		if (a === undefined) channel("undefined");
		else if (typeof a === "object") channel(Object.prototype.toString.call(a));
		else channel(typeof a + " " + a);
	}`
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := compile(t, Sync, source, Options{}).Run(test.call)
			if got.Outcome.Kind != "returned" || len(got.Channels) != 1 || got.Channels[0] != test.channel {
				t.Errorf("got %+v %v, want [%s]", got.Outcome, got.Channels, test.channel)
			}
		})
	}
}

func TestImportFilterResult(t *testing.T) {
	// db/import.go@4.1.1 parseImportFilterOutput.
	tests := []struct {
		returned string
		want     ImportAnswer
	}{
		{"true", ImportAnswer{ShouldImport: true}},
		{`"T"`, ImportAnswer{ShouldImport: true}},
		{`"0"`, ImportAnswer{ShouldImport: false}},
		{`"yes"`, ImportAnswer{Error: `strconv.ParseBool: parsing "yes": invalid syntax`}},
		{"1", ImportAnswer{Error: "Import filter function returned non-boolean value."}},
		{"undefined", ImportAnswer{Error: "Import filter function returned non-boolean value."}},
	}
	for _, test := range tests {
		got := compile(t, ImportFilter, "function(doc) { return "+test.returned+"; }", Options{}).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersFloat})
		if got.Outcome.Import == nil || *got.Outcome.Import != test.want {
			t.Errorf("return %s: got %+v, want %+v", test.returned, got.Outcome, test.want)
		}
	}
}

func TestReflectExpiry(t *testing.T) {
	// base/util.go@4.1.1 ReflectExpiry and ValidateUint32Expiry.
	tests := []struct {
		raw  interface{}
		want int64 // -1: no expiry
	}{
		{float64(3600), 3600},
		{float64(-1), -1},
		{int64(4294967296), -1},
		{"120", 120},
		{"2030-01-01T00:00:00Z", 1893456000},
		{"tomorrow", -1},
		{json.Number("7"), 7},
		{true, -1},
	}
	for _, test := range tests {
		got, err := ReflectExpiry(test.raw)
		if test.want < 0 {
			if err == nil && got != nil {
				t.Errorf("ReflectExpiry(%#v) = %d, want none", test.raw, *got)
			}
			continue
		}
		if err != nil || got == nil || int64(*got) != test.want {
			t.Errorf("ReflectExpiry(%#v) = %v, %v; want %d", test.raw, got, err, test.want)
		}
	}
}

func TestCallsRunInTheProgramsRuntime(t *testing.T) {
	// A call runs in the runtime the program was compiled in, and what it changes stays: keeping calls
	// apart is the host's part (it restores the engine's saved state before each call: src/otto/load.ts,
	// tested in test/sync/isolation.test.ts). The natives' record is each call's own.
	source := `function(doc) { Object.prototype.seen = (Object.prototype.seen || 0) + 1; channel("seen-" + ({}).seen); }`
	program := compile(t, Sync, source, Options{})
	for i := 1; i <= 3; i++ {
		got := program.Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert})
		if want := []string{fmt.Sprintf("seen-%d", i)}; !reflect.DeepEqual(got.Channels, want) {
			t.Fatalf("call %d: %v, want %v", i, got.Channels, want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct{ source, want string }{
		// sg-bucket js_runner.go SetFunction: otto's own error for a value, its own for an object.
		{"42", "value is not an object"},
		{"({})", "JavaScript source does not evaluate to a function"},
		// RE2 refuses [^] when otto parses the literal: the gateway refuses the database.
		{"function(doc) { var x = /[^]/; }", "(anonymous): Line 1:26 Invalid regular expression: missing closing ]: `[^]`"},
	}
	for _, test := range tests {
		_, err := Compile(Sync, test.source, Options{})
		if err == nil || err.Error() != test.want {
			t.Errorf("Compile(%q) = %v, want %q", test.source, err, test.want)
		}
	}
}

func TestPanicIsAnOutcome(t *testing.T) {
	got := compile(t, Sync, `function(doc) { doc.list.sort(); }`, Options{}).Run(Call{Doc: json.RawMessage(`{"list": [null, "b", "a"]}`), Numbers: NumbersConvert})
	if got.Outcome.Kind == "returned" {
		t.Errorf("sorting a document array that holds null returned: %+v", got)
	}
}

func TestCoverageCounters(t *testing.T) {
	// An instrumented source counts with a native; each call starts afresh, reports the counters it
	// reached as index-count pairs, and a throw still reports what ran.
	count := func(n int) string { return fmt.Sprintf("COUNT(%d);", n) }
	source := `function(doc) { ` + count(0) + ` if (doc.x) { ` + count(1) + ` throw({forbidden: "x"}); } ` + count(2) + ` for (var i = 0; i < 3; i++) { ` + count(3) + ` } }`
	{
		program := compile(t, Sync, source, Options{Counters: 4, CounterName: "COUNT"})
		for _, test := range []struct {
			doc  string
			want map[int64]int64
		}{
			{`{}`, map[int64]int64{0: 1, 2: 1, 3: 3}},
			{`{"x": true}`, map[int64]int64{0: 1, 1: 1}},
			{`{}`, map[int64]int64{0: 1, 2: 1, 3: 3}},
		} {
			if got := coverageOf(program.Run(Call{Doc: json.RawMessage(test.doc), Numbers: NumbersConvert})); !reflect.DeepEqual(got, test.want) {
				t.Errorf("doc %s: coverage %v, want %v", test.doc, got, test.want)
			}
		}
	}
	if got := compile(t, Sync, `function(doc) {}`, Options{}).Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert}); got.Record.Coverage != nil {
		t.Errorf("a program without counters reports %v", got.Record.Coverage)
	}
}

func TestCoverageCannotBeForged(t *testing.T) {
	// The function reaches only counter 0; each way of calling the native itself, or of replacing it,
	// leaves the counts of a plain run.
	for _, forge := range []string{
		`var f = COUNT; f(1); f(2);`,
		`COUNT.call(null, 1); COUNT.apply(null, [2]);`,
		`eval("COUNT(1); COUNT(2)");`,
		`(new Function("COUNT(1); COUNT(2)"))();`,
		`this["COU" + "NT"](1); [1, 2].forEach(COUNT);`,
		`COUNT = function () {}; delete COUNT;`,
		`Object.defineProperty(this, "COUNT", {value: function () {}});`,
		`__sgconfCoverage = {1: 5, 2: 5};`,
	} {
		source := `function(doc) { COUNT(0); try { ` + forge + ` } catch (e) {} if (doc.never) { COUNT(1); } if (doc.never) { COUNT(2); } }`
		program := compile(t, Sync, source, Options{Counters: 3, CounterName: "COUNT"})
		got := coverageOf(program.Run(Call{Doc: json.RawMessage(`{}`), Numbers: NumbersConvert}))
		if want := map[int64]int64{0: 1}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: coverage %v, want %v", forge, got, want)
		}
	}
}

func TestCoverageCounterInTheFunctionsText(t *testing.T) {
	// A counter's call written in the function's own text would be a second site: the program is refused.
	if _, err := Compile(Sync, `function(doc) { COUNT(0); COUNT(1); COUNT(1); }`, Options{Counters: 2, CounterName: "COUNT"}); err == nil {
		t.Error("a counter with two sites compiled")
	}
}

func coverageOf(result Result) map[int64]int64 {
	pairs := map[int64]int64{}
	for i := 0; i+1 < len(result.Record.Coverage); i += 2 {
		pairs[result.Record.Coverage[i]] = result.Record.Coverage[i+1]
	}
	return pairs
}

func TestTimeZone(t *testing.T) {
	// The function's local time is the gateway host's zone, with its daylight saving; UTC by default.
	source := `function(doc) { channel(new Date(doc.at).toString()); }`
	for _, test := range []struct {
		zone, at, want string
	}{
		{"", `0`, "Thu, 01 Jan 1970 00:00:00 UTC"},
		{"America/New_York", `1717200000000`, "Fri, 31 May 2024 20:00:00 EDT"},
		{"America/New_York", `1704067200000`, "Sun, 31 Dec 2023 19:00:00 EST"},
		{"Asia/Kolkata", `0`, "Thu, 01 Jan 1970 05:30:00 IST"},
	} {
		program := compile(t, Sync, source, Options{TimeZone: test.zone})
		got := program.Run(Call{Doc: json.RawMessage(`{"at": ` + test.at + `}`), Numbers: NumbersConvert})
		if len(got.Record.Channels) != 1 || got.Record.Channels[0] != test.want {
			t.Errorf("zone %q at %s: %v, want %q", test.zone, test.at, got.Record.Channels, test.want)
		}
	}
	if _, err := Compile(Sync, source, Options{TimeZone: "Mars/Olympus"}); err == nil {
		t.Error("an unknown time zone compiled")
	}
}

func TestExtractExpiries(t *testing.T) {
	// A written body's _exp, decoded with UseNumber: the expiry, none for null, or the gateway's error text.
	got, err := ExtractExpiries(`[60, null, "abc", -1, 1.5, true, "2030-01-01T00:00:00Z"]`)
	if err != nil {
		t.Fatal(err)
	}
	sixty, date := uint32(60), uint32(1893456000)
	want := []Expiry{
		{Value: &sixty},
		{},
		{Error: `Unable to parse expiry abc as either numeric or date expiry: parsing time "abc" as "2006-01-02T15:04:05Z07:00": cannot parse "abc" as "2006"`},
		{Error: "Expiry value is not within valid range: -1"},
		{Error: `strconv.ParseInt: parsing "1.5": invalid syntax`},
		{Error: "Unrecognized expiry format"},
		{Value: &date},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ExtractExpiries = %+v, want %+v", got, want)
	}
}
