package planner

import (
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Stats is what the cost model reads from storage.
type Stats interface {
	NodeCount() float64
	LabelCount(label string) float64
	RelCount(typ string) float64 // "" for all types
	// HasIndex reports whether a property index covers (label, key).
	HasIndex(label, key string) bool
	// RelPatternCount is the number of relationships of type typ whose
	// start node carries label start and end node label end ("" for any
	// type or label); negative when unknown. Exact: the planner drops
	// label checks that these counts prove redundant.
	RelPatternCount(start, typ, end string) float64
	// SelfLoopCount is the number of self-loops among the relationships
	// RelPatternCount(start, typ, end) counts (one node carrying both
	// labels at both ends); negative when unknown. Exact: an undirected
	// pattern matches a self-loop once, so its count is the two directed
	// counts less this.
	SelfLoopCount(start, typ, end string) float64
	// DistinctValues estimates the number of distinct values of property
	// key over the nodes with label (all nodes for ""); 0 when unknown.
	DistinctValues(label, key string) float64
	// ValueFraction estimates the fraction of the nodes with label (all
	// nodes for "") whose property key satisfies op ("=", "<", "<=", ">",
	// ">=") against v, from the values' distribution; negative when
	// unknown.
	ValueFraction(label, key, op string, v value.Value) float64
	// Degrees describes the degrees of relationships of type typ ("" for
	// any type) in direction out (true) or in, over all nodes; ok is
	// false when unknown.
	Degrees(typ string, out bool) (d DegreeStats, ok bool)
	// SeekDegree is the mean degree (relationships of type typ, "" for
	// any, in direction out or in) of the nodes with label whose property
	// key equals v, read from the nodes' adjacency, the nodes found by an
	// index over (label, key) or by the property's statistics; negative
	// when unknown (too many nodes to read, or a value the statistics
	// do not know).
	SeekDegree(label, key string, v value.Value, typ string, out bool) float64
}

// DegreeStats summarises the degrees of one relationship type and
// direction over all nodes.
type DegreeStats struct {
	// Sum and SumSq are the sums of the degrees and of their squares.
	Sum, SumSq float64
	// Max is the largest degree.
	Max float64
}

// ProcedureLookup finds a procedure by its lower-case dotted name.
type ProcedureLookup func(name string) (*vm.Procedure, bool)

// noStats is used when no statistics are available.
type noStats struct{}

func (noStats) NodeCount() float64                             { return 1000 }
func (noStats) LabelCount(string) float64                      { return 100 }
func (noStats) RelCount(string) float64                        { return 1000 }
func (noStats) HasIndex(string, string) bool                   { return false }
func (noStats) RelPatternCount(string, string, string) float64 { return -1 }
func (noStats) SelfLoopCount(string, string, string) float64   { return -1 }
func (noStats) DistinctValues(string, string) float64          { return 0 }
func (noStats) ValueFraction(string, string, string, value.Value) float64 {
	return -1
}
func (noStats) Degrees(string, bool) (DegreeStats, bool) { return DegreeStats{}, false }
func (noStats) SeekDegree(string, string, value.Value, string, bool) float64 {
	return -1
}
