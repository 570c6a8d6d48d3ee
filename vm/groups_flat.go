package vm

import (
	"cmp"
	"math"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// Flat aggregate state. Every built-in aggregate keeps its groups' state
// in columns indexed by group number rather than one Aggregator object per
// group, so a grouping allocates per chunk of groups, not per group, and
// its numeric state holds no pointers for the collector to scan:
//
//   - min, max and sum keep the group's current answer in place: a kind
//     tag per group and an 8-byte cell (the integer, the float's bits),
//     values of every other kind (strings, lists, maps, durations...) in a
//     value column grown only as far as the last group that needed it;
//   - avg, stDev and stDevP keep an accumulator record per group (count,
//     integer sum, float sum or mean, squares), pointer-free;
//   - collect and the percentiles append each value to one arena in order
//     of arrival, with its group number beside it; finishing sorts the
//     arena by group (a counting sort, stable) into one backing array that
//     every group's list is a slice of.
//
// Results that are integers or floats are handed out pointing into the
// cell column (boxInt, boxFloat), lists pointing into a column of list
// headers (boxList): finishing allocates per chunk, not per group. The
// semantics (ordering across kinds, integer overflow, float switch-over,
// durations, error messages) are those of the functions package's
// Aggregators, which TestGroupsMatchReference runs beside these columns.

// The flat aggregate modes.
const (
	aggMin            aggMode = iota + 16 // min(x): kind, cell, vals
	aggMax                                // max(x): kind, cell, vals
	aggSumAny                             // sum(x) of any numbers or durations: kind, cell, vals
	aggAvg                                // avg(x): acc; result in kind, cell, res
	aggStDev                              // stDev(x): acc; result in kind, cell
	aggStDevP                             // stDevP(x): acc; result in kind, cell
	aggCollect                            // collect(x): items, owner; count in ints; results in lists
	aggPercentileCont                     // percentileCont(x, p): items, owner, acc; result in kind, cell
	aggPercentileDisc                     // percentileDisc(x, p): as percentileCont
)

// kindVal tags a cell whose value is in the value column (any kind but
// integer and float).
const kindVal = value.KindList

// accCell is the accumulator of one group of avg (n, i, f, tag: 0 while
// the sum is an exact integer, 1 once a float, 2 for durations, kept in
// vals), of stDev and stDevP (n, f the mean, m2 the sum of squared
// differences: Welford's method) and of the percentiles (n, f the last p).
type accCell struct {
	n, i  int64
	f, m2 float64
	tag   uint8
}

// flatModes names the aggregates kept in flat columns, by lower-case name.
var flatModes = map[string]aggMode{
	"min": aggMin, "max": aggMax, "sum": aggSumAny, "avg": aggAvg,
	"stdev": aggStDev, "stdevp": aggStDevP, "collect": aggCollect,
	"percentilecont": aggPercentileCont, "percentiledisc": aggPercentileDisc,
}

// flatMode returns the flat mode of aggregate a, if it has one.
func flatMode(a *AggCall) (aggMode, bool) {
	mode, ok := flatModes[strings.ToLower(a.Name)]
	want := 1
	if mode == aggPercentileCont || mode == aggPercentileDisc {
		want = 2
	}
	return mode, ok && len(a.Args) == want
}

// flat reports whether the column is kept in a flat mode.
func (c *aggCol) flat() bool { return c.mode >= aggMin }

// addGroup appends a new group's initial state and returns the bytes it
// allocated.
func (c *aggCol) addGroup(hint int) int64 {
	var n int64
	switch c.mode {
	case aggSumAny:
		n += c.kind.push(value.KindInt, hint) // sum over no rows is 0
	case aggCollect:
		return c.ints.push(0, hint)
	case aggAvg, aggStDev, aggStDevP, aggPercentileCont, aggPercentileDisc:
		n += c.acc.push(accCell{}, hint)
		n += c.kind.push(value.KindNull, hint)
	default:
		n += c.kind.push(value.KindNull, hint)
	}
	return n + c.ints.push(0, hint)
}

// valAt returns the address of group g's entry in vals (or res, when
// res), growing the column to hold it, and the bytes that allocated.
func (c *aggCol) valAt(g int, res bool) (*value.Value, int64) {
	col := &c.vals
	if res {
		col = &c.res
	}
	var n int64
	for col.len() <= g {
		n += col.push(nil, g+1)
	}
	return col.at(g), n
}

// cellValue returns group g's value as its kind tag and cell hold it (an
// integer or float pointing into the cell, which must not be written
// while the value is in use), null for a group without one.
func (c *aggCol) cellValue(g int) value.Value {
	switch *c.kind.at(g) {
	case value.KindInt:
		return boxInt(c.ints.at(g))
	case value.KindFloat:
		return boxFloat(c.ints.at(g))
	case value.KindNull:
		return value.NullValue
	}
	if c.mode == aggAvg {
		return *c.res.at(g)
	}
	return *c.vals.at(g)
}

// setCell makes v (not null) group g's value and returns the bytes that
// allocated.
func (c *aggCol) setCell(g int, v value.Value) int64 {
	k, cell := c.kind.at(g), c.ints.at(g)
	if *k == kindVal {
		*c.vals.at(g) = nil // let go of the value v replaces
	}
	switch x := v.(type) {
	case value.Int:
		*k, *cell = value.KindInt, int64(x)
	case value.Float:
		*k, *cell = value.KindFloat, int64(math.Float64bits(float64(x)))
	default:
		p, n := c.valAt(g, false)
		*k, *p = kindVal, v
		return n
	}
	return 0
}

// flatStep feeds one row's arguments to group g of flat column c.
func (c *aggCol) flatStep(m *Machine, g int, args []value.Value) error {
	x := args[0]
	if value.IsNull(x) {
		return nil
	}
	var n int64
	var err error
	switch c.mode {
	case aggMin, aggMax:
		n = c.extremeStep(g, x)
	case aggSumAny:
		n, err = c.sumStep(g, x)
	case aggAvg:
		n, err = c.avgStep(g, x)
	case aggStDev, aggStDevP:
		f, ok := value.Number(x)
		if !ok {
			name := "stDev"
			if c.mode == aggStDevP {
				name = "stDevP"
			}
			return functions.AggTypeError(name, x, "a number")
		}
		a := c.acc.at(g)
		a.n++
		d := f - a.f
		a.f += d / float64(a.n)
		a.m2 += d * (f - a.f)
	case aggCollect:
		*c.ints.at(g)++
		n = c.arrive(g) + c.items.push(x, 0) + value.Size(x)
	case aggPercentileCont, aggPercentileDisc:
		name := "percentileCont"
		if c.mode == aggPercentileDisc {
			name = "percentileDisc"
		}
		p, perr := functions.PercentileArg(name, x, args[1])
		if perr != nil {
			return perr
		}
		a := c.acc.at(g)
		a.n++
		a.f = p
		n = c.arrive(g) + c.items.push(x, 0) + value.Size(x)
	}
	if err != nil {
		return err
	}
	if n > 0 {
		return m.account(n)
	}
	return nil
}

// extremeStep keeps x as group g's min or max when it is the first value
// or orders before (min) or after (max) the kept one, in the ORDER BY
// ordering across kinds; a tie keeps the first.
func (c *aggCol) extremeStep(g int, x value.Value) int64 {
	sign := 1
	if c.mode == aggMin {
		sign = -1
	}
	k, cell := c.kind.at(g), c.ints.at(g)
	switch v := x.(type) {
	case value.Int:
		if *k == value.KindInt {
			if cmp.Compare(int64(v), *cell)*sign > 0 {
				*cell = int64(v)
			}
			return 0
		}
	case value.Float:
		if *k == value.KindFloat {
			b := math.Float64frombits(uint64(*cell))
			if f := float64(v); !math.IsNaN(f) && !math.IsNaN(b) {
				if cmp.Compare(f, b)*sign > 0 {
					*cell = int64(math.Float64bits(f))
				}
				return 0
			}
		}
	case value.String:
		if *k == kindVal {
			p := c.vals.at(g)
			if cur, ok := (*p).(value.String); ok {
				if strings.Compare(string(v), string(cur))*sign > 0 {
					*p = x
				}
				return 0
			}
		}
	}
	if *k == value.KindNull || value.Order(x, c.cellValue(g))*sign > 0 {
		return c.setCell(g, x)
	}
	return 0
}

// sumStep adds x to group g's sum: exact integers until a float arrives
// (then float64), or durations, as sum() does.
func (c *aggCol) sumStep(g int, x value.Value) (int64, error) {
	k, cell := c.kind.at(g), c.ints.at(g)
	switch v := x.(type) {
	case value.Int:
		switch *k {
		case kindVal:
			return 0, functions.AggMixError("sum", *c.vals.at(g), x)
		case value.KindFloat:
			*cell = int64(math.Float64bits(math.Float64frombits(uint64(*cell)) + float64(v)))
		default:
			s := *cell + int64(v)
			if (s >= 0) != (*cell >= 0) && (int64(v) >= 0) == (*cell >= 0) {
				return 0, functions.SumOverflowError()
			}
			*cell = s
		}
		return 0, nil
	case value.Float:
		switch *k {
		case kindVal:
			return 0, functions.AggMixError("sum", *c.vals.at(g), x)
		case value.KindInt:
			*k, *cell = value.KindFloat, int64(math.Float64bits(float64(*cell)))
		}
		*cell = int64(math.Float64bits(math.Float64frombits(uint64(*cell)) + float64(v)))
		return 0, nil
	}
	if !functions.IsDuration(x) {
		return 0, functions.AggTypeError("sum", x, "a number or duration")
	}
	if *k != kindVal {
		if *k == value.KindFloat || *cell != 0 {
			return 0, functions.AggMixError("sum", value.Int(0), x)
		}
		*cell = 0
		return c.setCell(g, x), nil
	}
	p := c.vals.at(g)
	r, err := functions.Add(*p, x)
	if err != nil {
		return 0, err
	}
	*p = r
	return 0, nil
}

// avgStep adds x to group g's mean: an exact integer sum until a float
// arrives or the sum overflows (then float64), or durations, as avg()
// does.
func (c *aggCol) avgStep(g int, x value.Value) (int64, error) {
	a := c.acc.at(g)
	var n int64
	switch v := x.(type) {
	case value.Int:
		switch a.tag {
		case 2:
			return 0, functions.AggMixError("avg", *c.vals.at(g), x)
		case 1:
			a.f += float64(v)
		default:
			if s := a.i + int64(v); (s >= 0) != (a.i >= 0) && (int64(v) >= 0) == (a.i >= 0) {
				a.tag, a.f = 1, float64(a.i)+float64(v)
			} else {
				a.i = s
			}
		}
	case value.Float:
		switch a.tag {
		case 2:
			return 0, functions.AggMixError("avg", *c.vals.at(g), x)
		case 0:
			a.tag, a.f = 1, float64(a.i)
		}
		a.f += float64(v)
	default:
		if !functions.IsDuration(x) {
			return 0, functions.AggTypeError("avg", x, "a number or duration")
		}
		if a.tag != 2 {
			if a.n > 0 {
				return 0, functions.AggMixError("avg", value.Int(a.i), x)
			}
			var p *value.Value
			p, n = c.valAt(g, false)
			a.tag, *p = 2, x
		} else {
			p := c.vals.at(g)
			r, err := functions.Add(*p, x)
			if err != nil {
				return 0, err
			}
			*p = r
		}
	}
	a.n++
	return n, nil
}

// flatFinish computes the results of flat column c over its groups and
// returns the bytes that allocated.
func (c *aggCol) flatFinish(groups int) (int64, error) {
	var n int64
	switch c.mode {
	case aggAvg:
		for g := range groups {
			a := c.acc.at(g)
			k, cell := c.kind.at(g), c.ints.at(g)
			switch {
			case a.n == 0:
				*k = value.KindNull
			case a.tag == 2:
				r, err := functions.Div(*c.vals.at(g), value.Int(a.n))
				if err != nil {
					return n, err
				}
				p, b := c.valAt(g, true)
				*k, *p = kindVal, r
				n += b
			case a.tag == 1:
				*k, *cell = value.KindFloat, int64(math.Float64bits(a.f/float64(a.n)))
			default:
				*k, *cell = value.KindFloat, int64(math.Float64bits(float64(a.i)/float64(a.n)))
			}
		}
	case aggStDev, aggStDevP:
		for g := range groups {
			a := c.acc.at(g)
			div := float64(a.n)
			if c.mode == aggStDev {
				div--
			}
			f := 0.0
			if div > 0 {
				f = math.Sqrt(a.m2 / div)
			}
			*c.kind.at(g), *c.ints.at(g) = value.KindFloat, int64(math.Float64bits(f))
		}
	case aggCollect:
		all, b := c.byGroup(groups)
		n += b
		c.lists = chunked[value.List]{}
		off := 0
		for g := range groups {
			end := off + c.count(g)
			n += c.lists.push(value.List(all[off:end:end]), groups)
			off = end
		}
	case aggPercentileCont, aggPercentileDisc:
		all, b := c.byGroup(groups)
		n += b
		off := 0
		for g := range groups {
			a := c.acc.at(g)
			end := off + int(a.n)
			if a.n == 0 {
				*c.kind.at(g) = value.KindNull
				continue
			}
			// Percentile sorts the group's values in place: the arena
			// stays in group order.
			b := c.setCell(g, functions.Percentile(all[off:end:end], a.f, c.mode == aggPercentileCont))
			n += b
			off = end
		}
	}
	return n, nil
}

// count returns the number of values group g has put in the arena.
func (c *aggCol) count(g int) int {
	if c.mode == aggCollect {
		return int(*c.ints.at(g))
	}
	return int(c.acc.at(g).n)
}

// arrive notes that the arena's next value belongs to group g (already
// counted in count(g)) and returns the bytes that allocated. While values
// arrive in group order (no value of a group after one of a later group:
// rows that come grouped, one group, a global aggregation) their groups
// follow from the counts and are not kept; the first value out of order
// writes the groups of the values before it into owner, which is kept from
// then on.
func (c *aggCol) arrive(g int) int64 {
	var n int64
	if !c.mixed {
		if int32(g) >= c.last {
			c.last = int32(g)
			return 0
		}
		c.mixed = true
		for h := 0; h <= int(c.last); h++ {
			k := c.count(h)
			if h == g {
				k-- // this value, counted, is not in the arena yet
			}
			for range k {
				n += c.owner.push(int32(h), 0)
			}
		}
	}
	return n + c.owner.push(int32(g), 0)
}

// byGroup puts the arena in group order, each group's values in order of
// arrival, as one array, and returns it and the bytes it allocated. Values
// that arrived out of group order are placed by a stable counting sort on
// owner; an arena of several chunks in order is copied; an arena of one
// chunk in order is already that array. The array then becomes the arena
// (its chunks are slices of it) and owner is let go, so the values are
// held once, by the arena and the groups' lists alike.
func (c *aggCol) byGroup(groups int) ([]value.Value, int64) {
	total := c.items.len()
	if !c.mixed && len(c.items.chunks) <= 1 {
		if total == 0 {
			return nil, 0
		}
		return c.items.chunks[0][:total], 0
	}
	all := make([]value.Value, total)
	b := 16 * int64(total)
	if c.mixed {
		next := make([]int, groups)
		off := 0
		for g := range groups {
			next[g] = off
			off += c.count(g)
		}
		b += 8 * int64(groups)
		for i := range total {
			g := *c.owner.at(i)
			all[next[g]] = *c.items.at(i)
			next[g]++
		}
	} else {
		off := 0
		for _, ch := range c.items.chunks {
			off += copy(all[off:], ch)
		}
	}
	b -= c.items.bytes() + c.owner.bytes()
	c.items = chunked[value.Value]{n: total}
	for lo := 0; lo < total; lo += chunkLen {
		hi := min(lo+chunkLen, total)
		c.items.chunks = append(c.items.chunks, all[lo:hi:hi])
	}
	c.owner, c.mixed, c.last = chunked[int32]{}, false, int32(groups-1)
	return all, b
}

// flatResult returns group g's result of finished flat column c.
func (c *aggCol) flatResult(g int) value.Value {
	if c.mode == aggCollect {
		return boxList(c.lists.at(g))
	}
	return c.cellValue(g)
}
