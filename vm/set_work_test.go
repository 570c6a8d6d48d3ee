package vm

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// relList is a graph of nodes 0..n-1 with labels A and B and
// relationships of types T and U, answering from plain lists.
type relList struct {
	Graph
	n      int
	labels [][]string  // per node
	rels   [][3]uint32 // start, end, type (0: T, 1: U)
}

var relListTypes = []string{"T", "U"}

func (g *relList) LabelID(name string) (uint32, bool) {
	switch name {
	case "A":
		return 0, true
	case "B":
		return 1, true
	}
	return 0, false
}

func (g *relList) TypeID(name string) (uint32, bool) {
	i := slices.Index(relListTypes, name)
	return uint32(i), i >= 0
}

func (g *relList) AllNodes() *roaring.Bitmap {
	out := roaring.New()
	out.AddRange(0, uint64(g.n))
	return out
}

func (g *relList) NodesWithLabel(label uint32) *roaring.Bitmap {
	out := roaring.New()
	for i, ls := range g.labels {
		if slices.Contains(ls, []string{"A", "B"}[label]) {
			out.Add(uint32(i))
		}
	}
	return out
}

// each calls fn for each relationship of node in dir of type typ, a
// self-loop once for Both.
func (g *relList) each(node uint32, dir Direction, typ uint32, fn func(rel uint64, nbr uint32) bool) {
	for i, r := range g.rels {
		if typ != AnyType && r[2] != typ {
			continue
		}
		switch {
		case (dir == Out || dir == Both) && r[0] == node:
			if !fn(uint64(i), r[1]) {
				return
			}
		case (dir == In || dir == Both) && r[1] == node:
			if !fn(uint64(i), r[0]) {
				return
			}
		}
	}
}

func (g *relList) Expand(node uint32, dir Direction, typ uint32, fn func(rel uint64, nbr uint32, typ uint32) bool) {
	g.each(node, dir, typ, func(rel uint64, nbr uint32) bool { return fn(rel, nbr, g.rels[rel][2]) })
}

func (g *relList) Neighbors(node uint32, dir Direction, typ uint32) *roaring.Bitmap {
	out := roaring.New()
	g.each(node, dir, typ, func(_ uint64, nbr uint32) bool { out.Add(nbr); return true })
	return out
}

func (g *relList) Degree(node uint32, dir Direction, typ uint32) int {
	d := 0
	g.each(node, dir, typ, func(uint64, uint32) bool { d++; return true })
	return d
}

// setRelList is relList expanding whole sets at once, as the store does.
type setRelList struct{ *relList }

func (g setRelList) ExpandSet(nodes *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap {
	out := roaring.New()
	for _, n := range nodes.ToArray() {
		out.Or(g.Neighbors(n, dir, typ))
	}
	return out
}

func (g setRelList) ExpandSetExcept(nodes, except *roaring.Bitmap, dir Direction, typ uint32) *roaring.Bitmap {
	out := g.ExpandSet(nodes, dir, typ)
	out.AndNot(except)
	return out
}

var _ SetExpander = setRelList{}

// TestSetElementCounter runs random programs of whole-set steps (every
// node, a label's nodes, expansions over one type, two types or any, in
// each direction, intersections, unions and differences with a register
// written over its own operand, sets grown in place, counts and
// membership tests) on random graphs with self-loops and parallel
// relationships, and checks the machine's element counter, in total and
// per instruction, against the count computed from the graph by the
// definition (vm/set_work.go): every set a step reads or writes, each
// register once, by its cardinality after the step; an expansion counts
// its frontier and the set it writes once per relationship type on a
// graph that expands whole sets, once for all its types on one that
// expands node by node; a set grown in place counts the set added; steps
// that touch one element count none. The sets themselves are computed
// from the relationship lists, not by the machine's set operations.
func TestSetElementCounter(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 7))
	runs, failed := 0, 0
	for round := 0; round < 300; round++ {
		g := &relList{n: 1 + r.IntN(40)}
		for i := 0; i < g.n; i++ {
			var ls []string
			if r.IntN(3) == 0 {
				ls = append(ls, "A")
			}
			if r.IntN(2) == 0 {
				ls = append(ls, "B")
			}
			g.labels = append(g.labels, ls)
		}
		for i := r.IntN(4 * g.n); i > 0; i-- {
			s, e := uint32(r.IntN(g.n)), uint32(r.IntN(g.n))
			if r.IntN(8) == 0 {
				e = s
			}
			g.rels = append(g.rels, [3]uint32{s, e, uint32(r.IntN(2))})
			if r.IntN(6) == 0 {
				g.rels = append(g.rels, g.rels[len(g.rels)-1])
			}
		}
		prog, want := randomSetProgram(r, g)
		for _, graph := range []Graph{g, setRelList{g}} {
			_, whole := graph.(SetExpander)
			for _, profile := range []bool{false, true} {
				runs++
				m := NewMachine(context.Background(), prog, graph, nil, nil, Limits{})
				if profile {
					m.EnableProfile()
				}
				if _, err := m.Step(); err != nil {
					t.Fatal(err)
				}
				st := m.Stats()
				wantPC := want(whole)
				var total int64
				for _, n := range wantPC {
					total += n
				}
				bad := st.Elements != total
				if profile {
					bad = bad || !slices.Equal(st.ElementsPerPC, wantPC)
				}
				if bad {
					failed++
					if failed <= 5 {
						t.Errorf("round %d (whole sets %v, profile %v): elements %d, want %d; per pc %v, want %v\n%s",
							round, whole, profile, st.Elements, total, st.ElementsPerPC, wantPC, prog.Disassemble())
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d failed", runs, failed)
}

// randomSetProgram returns a random program of set steps over g and the
// elements each of its instructions touches, computed from g's lists
// (whole: on a graph that expands whole sets).
func randomSetProgram(r *rand.Rand, g *relList) (*Program, func(whole bool) []int64) {
	const numS = 4
	p := &Program{NumS: numS, NumR: 2, NumN: 1}
	p.Consts = []value.Value{value.String("A"), value.String("B"), value.String("C")}
	sets := make([]map[uint32]bool, numS) // the model's registers
	all := map[uint32]bool{}
	for i := 0; i < g.n; i++ {
		all[uint32(i)] = true
	}
	var perPC []func(whole bool) int64
	emit := func(in Instr, n func(whole bool) int64) {
		p.Code = append(p.Code, in)
		perPC = append(perPC, n)
	}
	none := func(bool) int64 { return 0 }
	fixed := func(n int) func(bool) int64 { return func(bool) int64 { return int64(n) } }
	// Every register starts as a set, so that each step has operands.
	for i := int32(0); i < numS; i++ {
		emit(Instr{Op: OpSetAll, A: i}, fixed(g.n))
		sets[i] = all
	}
	for k := 1 + r.IntN(10); k > 0; k-- {
		a, b, c := int32(r.IntN(numS)), int32(r.IntN(numS)), int32(r.IntN(numS))
		switch r.IntN(9) {
		case 0:
			emit(Instr{Op: OpSetAll, A: a}, fixed(g.n))
			sets[a] = all
		case 1:
			l := r.IntN(3)
			out := map[uint32]bool{}
			for i, ls := range g.labels {
				if slices.Contains(ls, []string{"A", "B", "C"}[l]) {
					out[uint32(i)] = true
				}
			}
			emit(Instr{Op: OpSetLabel, A: a, B: int32(l)}, fixed(len(out)))
			sets[a] = out
		case 2, 3, 4:
			spec := &ExpandSpec{Dir: Direction(r.IntN(3))}
			types := []uint32{AnyType}
			switch r.IntN(4) {
			case 0:
				spec.Types, types = []string{"T"}, []uint32{0}
			case 1:
				spec.Types, types = []string{"U", "T"}, []uint32{1, 0}
			case 2:
				spec.Types, types = []string{"V"}, nil // no such type
			}
			src := sets[b]
			out := map[uint32]bool{}
			perType := 0
			for _, ty := range types {
				reached := map[uint32]bool{}
				for n := range src {
					g.each(n, spec.Dir, ty, func(_ uint64, nbr uint32) bool { reached[nbr] = true; return true })
				}
				perType += len(src) + len(reached)
				for n := range reached {
					out[n] = true
				}
			}
			once := len(src) + len(out)
			p.Aux = append(p.Aux, spec)
			emit(Instr{Op: OpSetExpand, A: a, B: b, C: int32(len(p.Aux) - 1)}, func(whole bool) int64 {
				if whole {
					return int64(perType)
				}
				return int64(once)
			})
			sets[a] = out
		case 5, 6:
			op := []Opcode{OpSetAnd, OpSetOr, OpSetAndNot}[r.IntN(3)]
			out := map[uint32]bool{}
			for n := range all {
				in1, in2 := sets[b][n], sets[c][n]
				if (op == OpSetAnd && in1 && in2) || (op == OpSetOr && (in1 || in2)) || (op == OpSetAndNot && in1 && !in2) {
					out[n] = true
				}
			}
			after := slices.Clone(sets)
			after[a] = out
			n := 0
			var seen []int32
			for _, reg := range []int32{a, b, c} {
				if !slices.Contains(seen, reg) {
					seen = append(seen, reg)
					n += len(after[reg])
				}
			}
			emit(Instr{Op: op, A: a, B: b, C: c}, fixed(n))
			sets = after
		case 7:
			if a == b {
				continue
			}
			// A set grown in place counts the set added.
			emit(Instr{Op: OpSetNew, A: a}, none)
			out := map[uint32]bool{}
			for n := range sets[b] {
				out[n] = true
			}
			emit(Instr{Op: OpSetAddAll, A: a, B: b}, fixed(len(sets[b])))
			sets[a] = out
		case 8:
			// Steps that touch one element, or count a set, count none.
			emit(Instr{Op: OpSetCount, A: 0, B: a}, none)
			emit(Instr{Op: OpSetCounter, A: 0, B: int32(r.IntN(g.n))}, none)
			emit(Instr{Op: OpSetContains, A: a, B: 0, C: int32(len(p.Code) + 1)}, none)
		}
	}
	emit(Instr{Op: OpHalt}, none)
	p.Spans = make([]int32, len(p.Code))
	for i := range p.Spans {
		p.Spans[i] = -1
	}
	return p, func(whole bool) []int64 {
		out := make([]int64, len(perPC))
		for i, f := range perPC {
			out[i] = f(whole)
		}
		return out
	}
}
