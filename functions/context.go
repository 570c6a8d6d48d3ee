package functions

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Graph is what implementations need from the store, without importing it.
// Node and relationship values inside the engine carry only their IDs (and,
// for relationships, Type, Start and End, which functions read from the
// value itself); labels and properties are read through a Graph.
//
// Methods return an error for an entity that no longer exists (the engine
// reports EntityNotFound/DeletedEntityAccess).
type Graph interface {
	// NodeLabels returns the labels of a node.
	NodeLabels(id uint32) ([]string, error)
	// NodeProps returns all properties of a node; the map must not be modified.
	NodeProps(id uint32) (value.Map, error)
	// NodeProp returns one property of a node, null when absent.
	NodeProp(id uint32, key string) (value.Value, error)
	// RelProps returns all properties of a relationship; the map must not be modified.
	RelProps(id uint64) (value.Map, error)
	// RelProp returns one property of a relationship, null when absent.
	RelProp(id uint64, key string) (value.Value, error)
}

// Context is what an implementation gets from the engine for one statement.
// The zero Context (or a nil *Context) is usable: with no Graph, node and
// relationship functions read the values' own Labels and Props fields; with
// no Rand the global source is used; with no Now the wall clock is.
type Context struct {
	// Graph reads labels and properties; nil means "use the values' fields".
	Graph Graph
	// Rand is the statement's random source (rand(), randomUUID()).
	Rand *rand.Rand
	// Now is the statement time: timestamp() and the temporal functions'
	// "current" forms read it, so they agree within one statement.
	Now time.Time
	// Ctx carries cancellation and deadline.
	Ctx context.Context
	// Fits, when set, reports an error if a value of n more bytes would
	// exceed the statement's memory budget. Implementations that build a
	// large value from small arguments (range) ask before allocating.
	Fits func(n int64) error
}

// NewContext returns a Context for one statement with a fresh random source
// seeded from the global one and the statement time set to now.
func NewContext(ctx context.Context, g Graph) *Context {
	return &Context{
		Graph: g,
		Rand:  rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())),
		Now:   time.Now(),
		Ctx:   ctx,
	}
}

// Err returns a Cancelled error when the statement's context is done.
// Long-running implementations (range, large list functions, aggregates
// over big inputs) call it periodically.
func (c *Context) Err() error {
	if c == nil || c.Ctx == nil {
		return nil
	}
	if err := c.Ctx.Err(); err != nil {
		e := cyqerr.Runtimef(cyqerr.Cancelled, "", "query cancelled: %v", err)
		e.Cause = err
		return e
	}
	return nil
}

// Reserve asks whether a value of n bytes fits the statement's memory
// budget (see Context.Fits); nil when there is no budget.
func (c *Context) Reserve(n int64) error {
	if c == nil || c.Fits == nil {
		return nil
	}
	return c.Fits(n)
}

// Float64 returns a pseudo-random number in [0, 1) from the statement's source.
func (c *Context) Float64() float64 {
	if c == nil || c.Rand == nil {
		return rand.Float64()
	}
	return c.Rand.Float64()
}

// Uint64 returns a pseudo-random uint64 from the statement's source.
func (c *Context) Uint64() uint64 {
	if c == nil || c.Rand == nil {
		return rand.Uint64()
	}
	return c.Rand.Uint64()
}

// StatementTime returns the statement time (the wall clock when unset).
func (c *Context) StatementTime() time.Time {
	if c == nil || c.Now.IsZero() {
		return time.Now()
	}
	return c.Now
}

func (c *Context) graph() Graph {
	if c == nil {
		return nil
	}
	return c.Graph
}

// Error helpers. The runtime detail for a function argument of the wrong
// dynamic type follows the TCK (labels(1), toInteger([]), type(1.0) raise
// TypeError/InvalidArgumentValue); operators use TypeError/InvalidArgumentType.

// ArgTypeDetail is the detail of runtime function-argument type errors.
const ArgTypeDetail = "InvalidArgumentValue"

func argTypeErr(fn string, arg value.Value, want string) error {
	return cyqerr.Runtimef(cyqerr.TypeError, ArgTypeDetail,
		"invalid argument to %s(): expected %s but was %s", fn, want, value.TypeName(arg))
}

func argValueErr(detail, fn, format string, args ...any) error {
	e := cyqerr.Runtimef(cyqerr.ArgumentError, detail, format, args...)
	e.Message = fn + "(): " + e.Message
	return e
}

func opTypeErr(op string, a, b value.Value) error {
	if b == nil {
		return cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
			"cannot apply %s to %s", op, value.TypeName(a))
	}
	return cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType",
		"cannot apply %s to %s and %s", op, value.TypeName(a), value.TypeName(b))
}

func overflowErr(op string) error {
	return cyqerr.Runtimef(cyqerr.ArithmeticError, "IntegerOverflow", "integer overflow in %s", op)
}
