package runner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/robertkrimen/otto"
	"github.com/robertkrimen/otto/ast"
	"github.com/robertkrimen/otto/parser"
)

// CoverageFile is the name a function is compiled under when it counts coverage. Code that eval or
// Function compiles has another name, so no call from it stands at a counter's site.
const CoverageFile = "sgconf-coverage.js"

// coverage keeps the counts of an instrumented function on the Go side: the instrumented source calls
// the native named by Options.CounterName as NAME(n) at each of its counters. A counter that has not yet
// run at its own site counts only a call whose caller stands at that site: the function can call the
// native itself (directly, through a reference, with call or apply, from eval'd code), but never from a
// counter's site, so it can make no counter reached that its code did not reach. Once a counter's site
// has run, its later calls count without asking otto where they stand (that costs a scan of the source
// up to the caller): what is reached cannot change then, only how often. The native is a read-only
// global, so the function cannot replace it either.
type coverage struct {
	// sites maps "file:line:column" of each counter call's callee to the counter's index.
	sites  map[string]int
	counts []int64
	// seen[n]: counter n has been called at its own site.
	seen []bool
}

// parseCounted parses text under CoverageFile and finds the counter sites of the native `name`: each
// call name(n) with one integer literal n below `counters`.
func parseCounted(text string, name string, counters int) (*ast.Program, *coverage, error) {
	program, err := parser.ParseFile(nil, CoverageFile, text, 0)
	if err != nil {
		return nil, nil, err
	}
	c := &coverage{sites: map[string]int{}, counts: make([]int64, counters), seen: make([]bool, counters)}
	finder := &siteFinder{name: name, counters: counters, found: func(callee *ast.Identifier, n int) {
		if p := program.File.Position(callee.Idx); p != nil {
			c.sites[fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)] = n
		}
	}}
	ast.Walk(finder, program)
	// One site per counter: a name the function's own text holds would give a counter a second site.
	if len(c.sites) != counters || misplacedCounters(c.sites, counters) {
		return nil, nil, fmt.Errorf("the function's text does not hold each of its %d coverage counters once", counters)
	}
	return program, c, nil
}

// misplacedCounters says whether some counter has no site or more than one.
func misplacedCounters(sites map[string]int, counters int) bool {
	seen := make([]bool, counters)
	for _, n := range sites {
		if seen[n] {
			return true
		}
		seen[n] = true
	}
	for _, ok := range seen {
		if !ok {
			return true
		}
	}
	return false
}

type siteFinder struct {
	name     string
	counters int
	found    func(callee *ast.Identifier, n int)
}

func (f *siteFinder) Enter(node ast.Node) ast.Visitor {
	call, ok := node.(*ast.CallExpression)
	if !ok || len(call.ArgumentList) != 1 {
		return f
	}
	callee, ok := call.Callee.(*ast.Identifier)
	if !ok || callee.Name != f.name {
		return f
	}
	if literal, ok := call.ArgumentList[0].(*ast.NumberLiteral); ok {
		if n, err := strconv.Atoi(literal.Literal); err == nil && n >= 0 && n < f.counters {
			f.found(callee, n)
		}
	}
	return f
}

func (f *siteFinder) Exit(ast.Node) {}

// define sets the native as a global that the function can neither assign nor delete.
func (c *coverage) define(vm *otto.Otto, name string) error {
	if err := vm.Set(name, c.count); err != nil {
		return err
	}
	quoted := strconv.Quote(name)
	_, err := vm.Run(`Object.defineProperty(this, ` + quoted + `, {writable: false, configurable: false, enumerable: false})`)
	return err
}

// count is the native: it counts counter n when the call stands at counter n's site.
func (c *coverage) count(call otto.FunctionCall) otto.Value {
	n, err := call.Argument(0).ToInteger()
	if err != nil || n < 0 || n >= int64(len(c.counts)) {
		return otto.UndefinedValue()
	}
	if !c.seen[n] {
		// The caller's frame, as otto names it: "file:line:column", after the running function's name
		// and " (" when it has one.
		location := call.CallerLocation()
		if strings.HasSuffix(location, ")") {
			location = location[strings.LastIndex(location, "(")+1 : len(location)-1]
		}
		if site, ok := c.sites[location]; !ok || int64(site) != n {
			return otto.UndefinedValue()
		}
		c.seen[n] = true
	}
	c.counts[n]++
	return otto.UndefinedValue()
}

// start begins a call: every count is zero.
func (c *coverage) start() {
	for i := range c.counts {
		c.counts[i] = 0
	}
}

// reached lists the counters the call reached as pairs of index and count.
func (c *coverage) reached() []int64 {
	pairs := []int64{}
	for i, count := range c.counts {
		if count > 0 {
			pairs = append(pairs, int64(i), count)
		}
	}
	return pairs
}
