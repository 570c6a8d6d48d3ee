package planner

import (
	"github.com/cyqdb/cyq/vm"
)

// Stats is what the cost model reads from storage.
type Stats interface {
	NodeCount() float64
	LabelCount(label string) float64
	RelCount(typ string) float64 // "" for all types
	// HasIndex reports whether a property index covers (label, key).
	HasIndex(label, key string) bool
}

// ProcedureLookup finds a procedure by its lower-case dotted name.
type ProcedureLookup func(name string) (*vm.Procedure, bool)

// noStats is used when no statistics are available.
type noStats struct{}

func (noStats) NodeCount() float64           { return 1000 }
func (noStats) LabelCount(string) float64    { return 100 }
func (noStats) RelCount(string) float64      { return 1000 }
func (noStats) HasIndex(string, string) bool { return false }
