// Package functions is cyq's registry of built-in functions and the value
// semantics of openCypher's operators.
//
// Input: function names and static argument Types from the planner (Resolve),
// and value.Values from the VM (Overload.Impl, Aggregator, and the operator
// functions in ops.go). Output: an *Overload with a stable OverloadID that
// plans and bytecode store, and value.Values or *cyqerr.Error.
//
// The registry: every built-in is a Func (canonical lower-case name,
// overloads, determinism, category, documentation, examples). Lookup is
// case-insensitive; ByID maps an OverloadID back to its Overload; All lists
// the functions for the MCP syntax resource and the shell's help. IDs are
// assigned in registration order, which may only be appended to (see
// registrationOrder in registry.go); testdata/overloads.golden records them
// and a test fails if an existing ID changes (regenerate additions with
// `go test ./functions -run TestOverloadIDs -rewrite`).
//
// Errors follow the openCypher TCK classification: compile-time
// SyntaxError/UnknownFunction, InvalidNumberOfArguments and
// InvalidArgumentType from Resolve; at run time a function argument of the
// wrong type is TypeError/InvalidArgumentValue (as the TCK expects for
// labels(1), toInteger([]) ...), an out-of-range argument
// ArgumentError/NumberOutOfRange or NegativeIntegerArgument, integer
// overflow ArithmeticError/IntegerOverflow, integer division by zero
// ArithmeticError/DivisionByZero, and operands of the wrong type for an
// operator TypeError/InvalidArgumentType.
//
// Files: registry.go (Func, Overload, IDs, Lookup/Resolve), types.go (static
// Types), context.go (Context, Graph, error helpers), ops.go (operators),
// aggregates.go, math.go, strings.go, lists.go, convert.go, graph.go,
// vector.go and temporal.go (the functions, one define function per file).
//
// Adding a function: define it in the category file's define function with
// def(&Func{...}) (Doc starting with the name, Category, Examples, and
// overloads built with ov/agg), append its lower-case name to the end of
// registrationOrder, run the tests with -rewrite and check that the golden
// diff only adds lines at the end. A new category file also adds its define
// function to defineAll. The temporal functions (date(), duration(),
// datetime.truncate(), duration.between(), ...) are in temporal.go, wrapping
// package value/temporal.
//
// Implementations reach the engine only through Context: a Graph for labels
// and properties, the statement's random source and time, and cancellation.
// Temporal values (value.Extension, from value/temporal) join in through the
// Arith and PropertyGetter hooks, which they implement structurally
// (ArithOp is an alias of uint8 so that they need not import this package).
package functions
