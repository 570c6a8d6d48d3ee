package vm

import (
	"strings"
	"testing"
)

// TestOpcodeInfo checks that every opcode has its per-opcode facts.
func TestOpcodeInfo(t *testing.T) {
	seen := map[string]Opcode{}
	for op := Opcode(0); op < numOpcodes; op++ {
		info := opInfos[op]
		if info.name == "" {
			t.Errorf("opcode %d has no name", op)
			continue
		}
		if prev, dup := seen[info.name]; dup {
			t.Errorf("opcodes %d and %d are both named %s", prev, op, info.name)
		}
		seen[info.name] = op
		if info.operands < 0 || info.operands > 4 || int(info.jump) >= info.operands {
			t.Errorf("%s: bad operand facts %+v", info.name, info)
		}
	}
	if numOpcodes > 255 {
		t.Fatalf("%d opcodes do not fit a uint8", numOpcodes)
	}
}

func TestDisassemble(t *testing.T) {
	p := &Program{
		Code: []Instr{
			{Op: OpOpenLabelScan, A: 0, B: 0},
			{Op: OpNextNode, A: 0, B: 0, C: 4},
			{Op: OpNodeProp, A: 0, B: 0, C: 1},
			{Op: OpGoto, A: 1},
			{Op: OpHalt},
		},
		Consts: nil,
	}
	got := p.Disassemble()
	for _, want := range []string{"OpenLabelScan", "NextNode       0 0 @4", "Goto           @1", "Halt"} {
		if !strings.Contains(got, want) {
			t.Errorf("disassembly lacks %q:\n%s", want, got)
		}
	}
}
