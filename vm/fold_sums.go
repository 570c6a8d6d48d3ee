package vm

import (
	"math"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// FoldSumSpec describes a sum folded over a slice of a list (OpFoldSum):
// what
//
//	reduce(t = 0, p IN xs[..i + 1] | t + p[1])
//
// computes per row by adding every element's key in turn, answered from
// the list's prefix sums, kept for the last list met (by identity) and
// extended as far as a row needs: a list carried to every row (a collected
// list with its index range unwound) is summed once instead of once per
// row. The registers from OpFoldSum's B hold the list, the initial value
// and the slice's bounds (From, To when HasFrom, HasTo).
//
// The answer is exact:
//   - For a slice from the list's start, the prefix sum is the per-element
//     form's own sequence of additions (functions.Add from the initial
//     value, in the list's order), so it is the same value, integer,
//     float or null, rounding included. The prefix sums stop where an
//     addition fails (an integer overflow) or gives another kind (a
//     string or a list: not kept), and where a key cannot be read (a
//     subscript of a map): a row that needs a sum past that point is left
//     to the per-element form, which raises the error, or not, there.
//   - For a slice from a later element, the sum is the difference of two
//     prefix sums only when the initial value and every key of the slice
//     are integers and the sum of their magnitudes is within range: no
//     partial sum the per-element form takes can then overflow, and the
//     difference of two wrapped integer prefix sums is the slice's sum.
//     Anything else (a float: its rounding depends on the order of the
//     additions) is left to the per-element form.
//   - A null or non-integer bound, or a value that is not a list, is left
//     to the per-element form (null, or its error).
type FoldSumSpec struct {
	Key            Path // read from each element
	HasFrom, HasTo bool
	KeyFirst       bool // the body is key + accumulator rather than accumulator + key
}

// foldSumCache is the prefix sums of the last list folded.
type foldSumCache struct {
	list value.List
	init value.Value
	// seq[j] is the per-element form's accumulator after j elements, for
	// j < len(seq); seqStop is set once an addition failed or gave a
	// value not kept.
	seq     []value.Value
	seqStop bool
	// ints[j] is the wrapped sum of the integer keys of the first j
	// elements, mags[j] the saturated sum of their magnitudes and others[j]
	// how many of those keys are not integers; read counts the keys read,
	// and readStop is set once a key could not be read.
	ints, mags []uint64
	others     []int32
	read       int
	readStop   bool
	size       int64
}

// foldSum answers OpFoldSum for the registers from R[at] on; ok is false
// when it cannot answer exactly.
func (m *Machine) foldSum(aux, at int32) (value.Value, bool, error) {
	s := m.prog.Aux[aux].(*FoldSumSpec)
	l, isList := m.R[at].(value.List)
	if !isList {
		return nil, false, nil
	}
	init := m.R[at+1]
	lo, hi, ok := sliceBounds(int64(len(l)), m.R[at+2], m.R[at+3], s.HasFrom, s.HasTo)
	if !ok {
		return nil, false, nil
	}
	if lo >= hi {
		return init, true, nil
	}
	t := m.table(aux)
	fc := t.foldSum
	if fc == nil || !sameList(fc.list, l) || !sameInit(fc.init, init) {
		if fc != nil {
			m.release(fc.size)
		}
		fc = &foldSumCache{list: l, init: init, seq: []value.Value{init}, ints: []uint64{0}, mags: []uint64{0}, others: []int32{0}}
		t.foldSum = fc
	}
	if err := m.extendKeys(s, fc, int(hi)); err != nil {
		return nil, false, err
	}
	if fc.read < int(hi) {
		return nil, false, nil
	}
	if lo == 0 {
		if err := m.extendSeq(s, fc, int(hi)); err != nil {
			return nil, false, err
		}
		if len(fc.seq) > int(hi) {
			return fc.seq[hi], true, nil
		}
		return nil, false, nil
	}
	a, isInt := init.(value.Int)
	if !isInt || fc.others[hi] != fc.others[lo] {
		return nil, false, nil
	}
	mag := fc.mags[hi] - fc.mags[lo]
	if fc.mags[hi] == math.MaxUint64 || mag > math.MaxInt64 || mag+magnitude(int64(a)) > math.MaxInt64 {
		return nil, false, nil
	}
	return value.Int(int64(a) + int64(fc.ints[hi]-fc.ints[lo])), true, nil
}

// sameInit reports whether a and b are the same initial value (of the
// same kind: 0 and 0.0 fold differently).
func sameInit(a, b value.Value) bool {
	return value.KindOf(a) == value.KindOf(b) && value.Equal(a, b) == value.True
}

// magnitude is |x| as an unsigned integer.
func magnitude(x int64) uint64 {
	if x < 0 {
		return uint64(-(x + 1)) + 1
	}
	return uint64(x)
}

// extendKeys reads the keys of the elements up to n (exclusive) into the
// integer prefix sums.
func (m *Machine) extendKeys(s *FoldSumSpec, fc *foldSumCache, n int) error {
	from := fc.read
	for fc.read < n && !fc.readStop {
		k, ok := m.readPath(fc.list[fc.read], s.Key)
		if !ok {
			fc.readStop = true
			break
		}
		last := len(fc.ints) - 1
		ints, mags, others := fc.ints[last], fc.mags[last], fc.others[last]
		if x, isInt := k.(value.Int); isInt {
			ints += uint64(int64(x))
			if g := magnitude(int64(x)); mags > math.MaxUint64-g {
				mags = math.MaxUint64
			} else {
				mags += g
			}
		} else {
			others++
		}
		fc.ints, fc.mags, fc.others = append(fc.ints, ints), append(fc.mags, mags), append(fc.others, others)
		fc.read++
	}
	m.steps += int64(fc.read - from)
	n = 28 * (fc.read - from)
	fc.size += int64(n)
	return m.account(int64(n))
}

// extendSeq extends the per-element form's accumulators up to n elements
// (the keys are read).
func (m *Machine) extendSeq(s *FoldSumSpec, fc *foldSumCache, n int) error {
	from := len(fc.seq)
	for len(fc.seq) <= n && !fc.seqStop {
		j := len(fc.seq) - 1
		k, _ := m.readPath(fc.list[j], s.Key)
		acc := fc.seq[j]
		var v value.Value
		var err error
		if s.KeyFirst {
			v, err = functions.Add(k, acc)
		} else {
			v, err = functions.Add(acc, k)
		}
		if err != nil {
			fc.seqStop = true
			break
		}
		switch v.(type) {
		case value.Int, value.Float, value.Null:
		default:
			fc.seqStop = true
		}
		if fc.seqStop {
			break
		}
		fc.seq = append(fc.seq, v)
	}
	m.steps += int64(len(fc.seq) - from)
	n = 16 * (len(fc.seq) - from)
	fc.size += int64(n)
	return m.account(int64(n))
}

// sliceBounds is functions.Slice's [lo, hi) of a list of n elements; ok
// is false for a null or non-integer bound (null, or an error, which the
// per-element form gives).
func sliceBounds(n int64, from, to value.Value, hasFrom, hasTo bool) (lo, hi int64, ok bool) {
	bound := func(v value.Value, has bool, def int64) (int64, bool) {
		if !has {
			return def, true
		}
		i, isInt := v.(value.Int)
		if !isInt {
			return 0, false
		}
		j := int64(i)
		if j < 0 {
			j += n
		}
		return min(max(j, 0), n), true
	}
	lo, okLo := bound(from, hasFrom, 0)
	hi, okHi := bound(to, hasTo, n)
	return lo, hi, okLo && okHi
}
