package vm

import (
	"context"
	"io"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// AnyType stands for every relationship type in Graph.Expand and Neighbors.
const AnyType = ^uint32(0)

// NullID is the id register value that stands for null.
const NullID = ^uint64(0)

// Graph is the read interface the VM runs against: a consistent view of one
// graph (a snapshot, or a write transaction that sees its own writes).
// Bitmaps returned are read-only.
type Graph interface {
	LabelID(name string) (uint32, bool)
	LabelName(id uint32) string
	TypeID(name string) (uint32, bool)
	TypeName(id uint32) string
	PropKeyID(name string) (uint32, bool)
	PropKeyName(id uint32) string

	AllNodes() *roaring.Bitmap
	NodesWithLabel(label uint32) *roaring.Bitmap
	NodeExists(id uint32) bool
	NodeLabels(id uint32) []uint32
	NodeHasLabel(id, label uint32) bool
	NodeProp(id, key uint32) (value.Value, bool)
	// NodeProps returns the node's properties keyed by property key id.
	NodeProps(id uint32) map[uint32]value.Value

	// Expand calls fn for each relationship of node in direction dir with
	// type typ (AnyType for all), until fn returns false. A self-loop is
	// reported once for Both.
	Expand(node uint32, dir Direction, typ uint32, fn func(rel uint64, nbr uint32, typ uint32) bool)
	// Neighbors returns the set of neighbour ids.
	Neighbors(node uint32, dir Direction, typ uint32) *roaring.Bitmap
	Degree(node uint32, dir Direction, typ uint32) int

	Rel(id uint64) (start, end, typ uint32, ok bool)
	RelProp(id uint64, key uint32) (value.Value, bool)
	RelProps(id uint64) map[uint32]value.Value

	// IndexSeek returns the nodes with the label whose property key equals
	// v, from a property index; ok is false when there is no such index.
	IndexSeek(label, key uint32, v value.Value) (nodes *roaring.Bitmap, ok bool)
	// IndexRange returns the nodes with the label whose property key lies
	// between lo and hi (nil: unbounded; inclusive per loIncl and hiIncl),
	// comparing only values of the bounds' kind, from a property index;
	// ok is false when there is no such index.
	IndexRange(label, key uint32, lo, hi value.Value, loIncl, hiIncl bool) (nodes *roaring.Bitmap, ok bool)
	// IndexNaN returns the nodes with the label whose property key is the
	// float NaN, from a property index; ok is false when there is no such
	// index.
	IndexNaN(label, key uint32) (nodes *roaring.Bitmap, ok bool)
}

// Writer is the write interface of a transaction. Names are created on
// first use.
type Writer interface {
	CreateNode(labels []string, props value.Map) (uint32, error)
	CreateRel(start, end uint32, typ string, props value.Map) (uint64, error)
	SetNodeProp(id uint32, key string, v value.Value) error // null removes
	SetRelProp(id uint64, key string, v value.Value) error
	AddLabels(id uint32, labels []string) error
	RemoveLabels(id uint32, labels []string) error
	DeleteNode(id uint32, detach bool) error
	DeleteRel(id uint64) error
}

// Procedure is a callable procedure (CALL name(args) YIELD fields).
type Procedure struct {
	Name     string // lower-case, dotted
	Params   []ProcParam
	Outputs  []ProcParam
	ReadOnly bool
	Doc      string
	Fn       func(ctx *Ctx, args []value.Value) ([][]value.Value, error)
}

// ProcParam is a named, typed procedure parameter or output.
type ProcParam struct {
	Name string
	Type string // openCypher type name, e.g. "STRING?"
	// Optional marks a trailing parameter that calls may leave out; the
	// procedure then receives fewer arguments.
	Optional bool
}

// Limits bound a run.
type Limits struct {
	MaxSteps  int64 // instructions; 0 = unlimited
	MaxRows   int64 // result rows; 0 = unlimited
	MaxMemory int64 // bytes a query holds (tables, aggregation state, values it builds); 0 = unlimited
}

// Ctx is what function and procedure implementations see of a run.
type Ctx struct {
	Context context.Context
	Graph   Graph
	Writer  Writer // nil in read-only runs
	Params  map[string]value.Value
	// OpenFile opens a file named in a query (LOAD CSV) under the engine's
	// import policy; nil means files may not be read.
	OpenFile func(url string) (io.ReadCloser, error)
	// Working is the GraphProgram statement being run (nil for queries).
	Working *WorkingRun
}

// TypeCount is a relationship type and its number of relationships.
type TypeCount struct {
	Type  string
	Count int64
}

// TypeCounter is implemented by graphs that keep per-type relationship
// counts (OpOpenTypeCounts); other graphs are counted by expansion.
type TypeCounter interface {
	// RelTypeCounts returns the types with at least one relationship.
	RelTypeCounts() []TypeCount
}
