package vm

import "testing"

// TestOpcodeFamilies checks that every opcode has a family and that the
// families named in their comments hold the opcodes the cost table
// measures them by.
func TestOpcodeFamilies(t *testing.T) {
	want := map[Opcode]Family{
		OpGoto: FamControl, OpNextNode: FamScan, OpNextExpand: FamExpand, OpNextVarExpand: FamPath,
		OpNextShortest: FamPath, OpNextList: FamCursor, OpVecProp: FamVector, OpHasLabels: FamCheck,
		OpAggStep: FamTable, OpRankList: FamTable, OpJoinProbe: FamTable, OpNodeProp: FamProp,
		OpProp: FamProp, OpConst: FamLoad, OpNodeVal: FamLoad, OpEq: FamOperator, OpMkMap: FamOperator,
		OpCall: FamCall, OpCreateNode: FamWrite, OpSetExpand: FamSet, OpSetContains: FamSet,
		OpCheckAdjacent: FamSet, OpCollectSet: FamCollect,
	}
	for op := Opcode(0); op < numOpcodes; op++ {
		f := op.Family()
		if f >= NumFamilies {
			t.Errorf("%s: no family", op)
		}
		if g, ok := FamilyOf(f.String()); !ok || g != f {
			t.Errorf("family %d has no name", f)
		}
		if w, ok := want[op]; ok && w != f {
			t.Errorf("%s: family %s, want %s", op, f, w)
		}
	}
}
