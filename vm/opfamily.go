package vm

// Family is a group of opcodes whose steps do work of one kind: the
// grouping by which the cost of a step is measured (a step of a label
// scan and one of a temporal constructor differ by orders of magnitude,
// while the step count weighs them alike).
type Family uint8

// The opcode families, following the groups of opcodes.go with the
// expensive kinds of step split out: property reads, function calls,
// variable-length and shortest paths.
const (
	FamControl  Family = iota // jumps and counters
	FamScan                   // node and type-count cursors
	FamExpand                 // relationship cursors of one hop
	FamPath                   // variable-length and shortest-path cursors
	FamCursor                 // list, table, procedure, CSV and transaction cursors
	FamVector                 // batched scans and their vector operations
	FamCheck                  // label and relationship-end checks
	FamTable                  // aggregation, DISTINCT, rank, join and count tables
	FamLoad                   // constants, parameters, moves, entity values
	FamProp                   // property reads
	FamOperator               // expression operators
	FamCall                   // function calls
	FamWrite                  // writes
	FamSet                    // node-set operations
	FamCollect                // collections into working graphs and sets
	NumFamilies
)

var familyNames = [NumFamilies]string{"control", "scan", "expand", "path", "cursor", "vector", "check", "table", "load", "prop", "operator", "call", "write", "set", "collect"}

// String returns the family's name.
func (f Family) String() string {
	if f < NumFamilies {
		return familyNames[f]
	}
	return "?"
}

// FamilyOf returns the family named s.
func FamilyOf(s string) (Family, bool) {
	for f, n := range familyNames {
		if n == s {
			return Family(f), true
		}
	}
	return 0, false
}

// Family returns the opcode's family.
func (op Opcode) Family() Family {
	switch {
	case op < OpOpenAllNodes, op == OpJumpIfSame:
		return FamControl
	case op <= OpNextNode, op == OpOpenTypeCounts, op == OpNextTypeCount:
		return FamScan
	case op <= OpNextExpand:
		return FamExpand
	case op <= OpShortestTarget:
		return FamPath
	case op >= OpBatchFill && op <= OpDeferredCheck:
		return FamVector
	case op < OpHasLabels:
		return FamCursor
	case op <= OpRelIsType:
		return FamCheck
	case op <= OpValueMemoPut:
		return FamTable
	case op == OpNodeProp, op == OpRelProp, op == OpProp:
		return FamProp
	case op <= OpRelID:
		return FamLoad
	case op == OpCall:
		return FamCall
	case op <= OpMkPath:
		return FamOperator
	case op <= OpDelete:
		return FamWrite
	case op >= OpSetNew && op <= OpKeyCount:
		return FamTable
	case op <= OpCheckAdjacent:
		return FamSet
	}
	return FamCollect
}
