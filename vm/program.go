package vm

import (
	"fmt"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// Instr is one instruction: an opcode and up to four operands.
type Instr struct {
	Op         Opcode
	A, B, C, D int32
}

// Program is compiled, immutable bytecode: it can run many times, also
// concurrently, each run with its own Machine.
type Program struct {
	Code    []Instr
	Consts  []value.Value
	Aux     []any // cursor, table, write and procedure specs (see the *Spec types)
	Funcs   []Callable
	Spans   []int32 // pc -> byte offset in the source (-1 when none)
	Source  string
	Columns []string // result column names

	NumR, NumN, NumS, NumCursors int
	NumV                         int // vector registers (vector.go)

	// Writes reports whether the program can change the graph (decided from
	// its opcodes and procedures, not from keywords).
	Writes bool

	// OpOf maps each pc to the plan operator its instruction belongs to,
	// and OpFirstPC gives each operator's first instruction (-1 when it has
	// none); PROFILE reads the run's counters through them.
	OpOf      []int32
	OpFirstPC []int32
}

// Callable is a scalar function implementation resolved by the planner.
type Callable struct {
	Name string
	Fn   functions.Impl
}

// Direction is an expansion direction.
type Direction uint8

// Directions.
const (
	Out  Direction = iota // start -> end
	In                    // end <- start
	Both                  // either
)

func (d Direction) String() string {
	switch d {
	case Out:
		return "out"
	case In:
		return "in"
	}
	return "both"
}

// RangeSpec is the range of an OpSetIndexRange: the nodes with Label
// whose property Key lies above R[Lo] and below R[Hi] (a register of -1:
// unbounded; inclusive per LoIncl and HiIncl), or, with Prefix, whose
// string value starts with the string R[Lo]. A null or (for Prefix)
// non-string bound matches nothing, as the comparison it stands for.
// With NaN the nodes whose value is NaN come too, and every node of the
// label when a bound is NaN (the bounds stand for NOT (key < lo) and the
// like, which NaN on either side satisfies; the filter that follows
// keeps the nodes that do).
type RangeSpec struct {
	Label, Key     string
	Lo, Hi         int32
	LoIncl, HiIncl bool
	Prefix         bool
	NaN            bool
}

// ExpandSpec describes a one-hop expansion.
type ExpandSpec struct {
	Dir   Direction
	Types []string // empty: any type
	// NoLoops leaves the node's self-loops out of OpDegree's count.
	NoLoops bool
	// EndLabels, when not nil, makes OpDegree count only the
	// relationships whose other end matches it.
	EndLabels *LabelExpr
}

// VarExpandSpec describes a variable-length expansion (trail semantics for
// enumeration, BFS levels for sets).
type VarExpandSpec struct {
	ExpandSpec
	Min, Max int // Max < 0: unbounded
	// Props filters every relationship on the way (nil: none).
	PropKeys []string
	PropRegs []int32 // R registers holding the required values
	// Excluded relationship registers (N) that the trail may not reuse
	// (relationship isomorphism with the rest of the pattern).
	Excluded []int32
	// ExcludedLists are R registers holding lists of relationships the
	// trail may not reuse either (earlier variable-length relationships of
	// the same pattern).
	ExcludedLists []int32
	// Reverse lists the trail's relationships last hop first (the pattern
	// was written in the other direction).
	Reverse bool
	// Follow, when >= 0, is an R register holding a list of relationships
	// the trail must follow exactly, in order.
	Follow int32
	// NoList: nothing reads the relationship list, so the trails' lists
	// are not built (the list register is null).
	NoList bool
	// Steps, when not nil, names the sets of nodes a trail may go
	// through, tested level by level before the expansion runs.
	Steps *StepSets
	// Bounds narrow Min and Max by values read as the expansion opens.
	Bounds []HopBound
	// Lengths, when not EveryTrail, yields of the trails only one of
	// each length they have, or one of the least (see TrailLengths).
	Lengths TrailLengths
}

// HopBound bounds a variable-length expansion's hops by the integer in R
// register Reg plus Off: below (Min) and or above (Max). A value that is
// not an integer bounds nothing.
type HopBound struct {
	Reg      int32
	Off      int
	Min, Max bool
}

// StepSets are S registers (-1: no test) holding the nodes that pass a
// variable-length expansion's per-level tests, in the expansion's
// direction: a hop may reach only nodes of In, leave its start only if
// the start is in Leave, and leave any later node only if it is in
// Through. Each set need hold only the nodes a trail can meet within the
// expansion's bounds.
type StepSets struct {
	In, Leave, Through int32
}

// stepBitmaps are the sets of StepSets read from the registers (nil: no
// test).
type stepBitmaps struct {
	in, leave, through *roaring.Bitmap
}

// bitmaps reads the sets of s (s may be nil).
func (s *StepSets) bitmaps(S []*roaring.Bitmap) stepBitmaps {
	var b stepBitmaps
	if s == nil {
		return b
	}
	get := func(r int32) *roaring.Bitmap {
		if r < 0 {
			return nil
		}
		return S[r]
	}
	return stepBitmaps{get(s.In), get(s.Leave), get(s.Through)}
}

// reaches reports whether a hop may reach n.
func (b stepBitmaps) reaches(n uint32) bool { return b.in == nil || b.in.Contains(n) }

// leaves reports whether a hop may leave n, the trail's start when depth
// is 0.
func (b stepBitmaps) leaves(n uint32, depth int) bool {
	if depth == 0 {
		return b.leave == nil || b.leave.Contains(n)
	}
	return b.through == nil || b.through.Contains(n)
}

// any reports whether there is a test.
func (b stepBitmaps) any() bool { return b.in != nil || b.leave != nil || b.through != nil }

// ShortestSpec describes a shortest-path search.
type ShortestSpec struct {
	ExpandSpec
	Min, Max int // Max < 0: unbounded
	All      bool
	// K is k of SHORTEST k (paths) or, with Groups, of SHORTEST k GROUPS
	// (lengths); 0 for shortestPath and allShortestPaths.
	K      int
	Groups bool
	// Mode is the path mode of the paths selected (ModeTrail, ...).
	Mode uint8
	// Filtered: a pre-filter follows each path yielded, and only the
	// paths it accepts (OpShortestAccept) count towards k.
	Filtered bool
	// ToFree: the end node is not given; the search runs from the start
	// node to every node it reaches (see singleSource).
	ToFree bool
	// Reverse: the pattern is written from the end node to the start
	// (the search runs against the written direction from the written
	// end): each path found is given reversed, in written order
	// (reversedPath).
	Reverse bool
	// PropKeys and PropRegs: the search crosses only the relationships
	// whose property PropKeys[i] equals the value in R register
	// PropRegs[i] (read when the search opens); none when empty.
	PropKeys []string
	PropRegs []int32
	// RelProps: the search crosses only the relationships whose
	// properties satisfy every comparison (none when empty).
	RelProps []*BatchFilter
	// In, Leave and Through, when not nil, test the nodes of the paths
	// as StepSets do: a hop may reach only nodes that pass In, leave the
	// path's start only if it passes Leave, and leave a later node only
	// if it passes Through. A path of length 0 makes no hop.
	In, Leave, Through *NodeTest
}

// searched reports whether the selection needs the search of paths in
// order of length (kShortest) rather than one breadth-first search: more
// than the shortest length, a pre-filter, a minimum length above 1, or a
// cycle from a node back to itself.
func (s *ShortestSpec) searched(src, dst uint64) bool {
	return s.K > 1 || s.Filtered || s.Min > 1 || (src == dst && src != NullID && s.Min > 0)
}

// CSVSpec describes a LOAD CSV.
type CSVSpec struct {
	WithHeaders     bool
	FieldTerminator string
}

// ChainSpec describes a fixed-length chain of hops evaluated as sets. Only
// the end nodes matter; a relationship may not repeat along a trail (for
// two hops this can only wrongly admit the start node, which is checked).
type ChainSpec struct {
	Hops []ExpandSpec
	// Labels, when not nil, runs parallel to Hops: Labels[i], when not
	// nil, is the label expression the node reached by Hops[i] must
	// satisfy.
	Labels []*LabelExpr
	// Allowed, when not nil, runs parallel to Hops: Allowed[i], when not
	// -1, is the S register of the nodes the node reached by Hops[i] may
	// be (those passing its tests, among the walks' frontier there).
	Allowed []int32
	// Groups, when not nil, runs parallel to Hops: the uniqueness group of
	// each hop. Only hops of one group must use distinct relationships
	// (hops from two MATCH clauses may reuse one); nil: all hops must.
	Groups []int
	// AnyRels lets the hops of a SetCommon be one relationship (they come
	// from two MATCH clauses, without uniqueness between them).
	AnyRels bool
	// Repeat, when not nil, makes a SetChain's trails follow Hops
	// Repeat.Min..Repeat.Max times (see groupEnds).
	Repeat *RepeatSpec
}

// RepeatSpec is the repetition of a SetChain's hops (a quantified path
// pattern): Min..Max times, the node each repetition starts from (the
// chain's start and the node between two repetitions) satisfying Labels
// (nil: any) and in the set of S register Allowed (-1: any).
type RepeatSpec struct {
	Min, Max int
	Labels   *LabelExpr
	Allowed  int32
}

// LabelExpr is a compiled label expression.
type LabelExpr struct {
	Op    byte // 'n' name, '&' and, '|' or, '!' not, '%' any
	Name  string
	Items []*LabelExpr
}

// TableSpec describes a materialised table: which registers a row saves
// and restores, and how rows are ordered or grouped.
type TableSpec struct {
	R []int32 // value registers saved in each row
	N []int32 // id registers saved in each row
	// Sort keys: positions in R (value registers) and directions.
	SortKeys []int32
	Desc     []bool
	// TopN, when >= 0, is an N register holding k: only the first k rows in
	// sort order are kept (ORDER BY ... LIMIT), in a bounded heap.
	TopN int32
}

// AggSpec describes a grouping aggregation. Keys and outputs are saved in
// a table that OpOpenTable then iterates.
type AggSpec struct {
	Table   TableSpec // R: key registers then one register per aggregate result; N: id keys
	NumKeyR int       // the first NumKeyR entries of Table.R are keys
	Aggs    []AggCall
	// EstGroups is the planner's estimate of the number of groups: a table
	// that outgrows presizeAt groups grows its first chunk to it at once
	// (up to a chunk) instead of doubling its way there.
	EstGroups int
}

// AggCall is one aggregate function call.
type AggCall struct {
	Name     string
	New      func() Aggregator
	Args     []int32 // R registers of the arguments
	Distinct bool
	Star     bool // count(*)
	// SumInts: the argument is always an integer and the aggregate is its
	// sum, kept in a plain int64 per group (no aggregator object).
	SumInts bool
	// SetCount: count(DISTINCT n) fed whole node sets by OpAggSet; the
	// result is the size of their union. With SumInts it is count(*) fed
	// the sets, the sum of their sizes.
	SetCount bool
	// SetList: with SetCount, collect(DISTINCT n) fed whole node sets:
	// the list of their union's nodes, each set's new nodes appended in
	// id order (the order of one row per node of the set).
	SetList bool
	// Offset is the byte offset of the call in the source, when Placed:
	// an error the aggregate raises on a row is reported there (one
	// OpAggStep feeds every aggregate of a grouping, and its own span is
	// one of them).
	Offset int32
	Placed bool
}

// Aggregator accumulates one group's aggregate.
type Aggregator = functions.Aggregator

// DistinctSpec names the registers whose values form a distinct key.
type DistinctSpec struct {
	R []int32
	N []int32
}

// CreateRelSpec describes a relationship to create.
type CreateRelSpec struct {
	Type    string
	Props   int32 // R register with a map, -1 for none
	TypeReg int32 // R register with a computed type ($(expr)), -1 for none
}

// PathSpec builds a path value from alternating node and relationship
// registers; a relationship register may hold a list (variable length).
type PathSpec struct {
	Nodes []int32 // N registers
	Rels  []PathRel
}

// PathRel is one relationship step of a PathSpec.
type PathRel struct {
	Reg  int32 // N register (single) or R register (list, for variable length)
	List bool
}

// ProcSpec describes a procedure call.
type ProcSpec struct {
	Proc *Procedure
	Args []int32 // R registers
	Out  []int32 // R registers receiving the yielded fields, in Proc.Outputs order; -1 to drop
}

// Disassemble renders the program, one instruction a line.
func (p *Program) Disassemble() string {
	var b strings.Builder
	for pc, in := range p.Code {
		info := opInfos[in.Op]
		fmt.Fprintf(&b, "%4d %-14s", pc, in.Op)
		ops := [4]int32{in.A, in.B, in.C, in.D}
		for i := 0; i < info.operands; i++ {
			if i == int(info.jump) {
				fmt.Fprintf(&b, " @%d", ops[i])
			} else {
				fmt.Fprintf(&b, " %d", ops[i])
			}
		}
		switch in.Op {
		case OpConst, OpOpenLabelScan, OpSetLabel, OpParam:
			if int(in.B) < len(p.Consts) {
				fmt.Fprintf(&b, "  ; %s", value.Format(p.Consts[in.B]))
			}
		case OpNodeProp, OpRelProp, OpProp:
			if int(in.C) < len(p.Consts) {
				fmt.Fprintf(&b, "  ; .%s", value.Format(p.Consts[in.C]))
			}
		case OpCall:
			if int(in.B) < len(p.Funcs) {
				fmt.Fprintf(&b, "  ; %s", p.Funcs[in.B].Name)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
