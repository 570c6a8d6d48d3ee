package vm

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// checkEvery is how many instructions run between cancellation checks.
const checkEvery = 1024

// Machine runs one Program once. It is resumable: Step runs until the next
// result row (or the end) and returns, keeping its state, so results stream
// to the caller and a LIMIT satisfied downstream stops upstream work.
type Machine struct {
	prog *Program
	ctx  Ctx
	fctx *functions.Context
	// fctxVal is what fctx points to (see NewMachine).
	fctxVal functions.Context
	limits  Limits

	R []value.Value
	N []uint64
	S []*roaring.Bitmap
	// counts are the count maps of OpCountNew, OpCountAdd and OpCountGet
	// (made on first use).
	counts []map[uint32]uint64
	V      [][]value.Value // vector registers (see vector.go)

	cursors []cursor
	tables  []*table // by aux index, made on first use
	keyIDs  []int64  // per constant: resolved property key id, -1 unknown, -2 unresolved

	pc    int
	steps int64
	rows  int64
	// elements counts the set elements whole-set steps touched (see
	// setOperands).
	elements int64
	memory   int64
	peak     int64 // memory before the last release, when higher
	row      []value.Value
	done     bool
	stats    *Stats
	argsBuf  []value.Value
	deleted  bool // a property of a deleted entity was read
	// deletedRels keeps the id, type and ends of the relationships this
	// run deleted: type(r) of a deleted r still answers, as in the TCK.
	deletedRels map[uint64]value.Rel

	// CALL { } IN TRANSACTIONS: its batches, and the armed trap (pc + 1,
	// 0: none) with the error it caught.
	txb     *txBatches
	trap    int
	trapErr error

	// charge, when set, is told of the query's memory as it grows, in
	// steps of chargeChunk (charged so far: charged); ReleaseMemory gives
	// it all back.
	charge  func(int64)
	charged int64
	// stepErr is a set-expansion step's refused memory charge, reported
	// by the instruction that ran the step (expandStep).
	stepErr error

	lastSample time.Time
	memPC      int // the instruction whose memory use is being counted

	typeCache map[*string][]uint32 // resolved relationship types, by spec
	nbrBuf    []uint32             // scratch for set expansion
	inSets    map[int]*inSet       // hashed IN lists, by pc
	joins     map[int32]*joinTable // value joins' build tables, by aux (value_join.go)
	keyTables map[int32]*keyCounts // key counts' build tables, by aux (key_count.go)
	lastStart map[int]uint64       // the node each OpSameStart last ran with, by pc (step_memo.go)
	keyBuf    []byte

	// node sets of lists and the last answers of list-set filters
	// (list_sets.go)
	nodeSets     []*nodeSet
	listSetMemos map[int]*listSetMemo
}

// Stats counts what a run did (PROFILE).
type Stats struct {
	Steps int64
	// Elements is the number of set elements the run's whole-set steps
	// read and wrote (see setOperands): the work a step count does not
	// see in a step that expands or intersects a large set.
	Elements int64
	Rows     int64
	Memory   int64   // bytes held in tables and buffers at the peak
	PerPC    []int64 // executions per instruction, when profiling
	// ElementsPerPC is Elements per instruction, when profiling.
	ElementsPerPC []int64
	// ReadsPerPC is, per instruction, the relationships its search read
	// one by one (the shortest-path searches, see expandCounted), when
	// profiling: steps that Steps counts and PerPC, which counts the
	// instruction's executions, does not.
	ReadsPerPC []int64
	// OpTime is the time spent in each plan operator's instructions,
	// sampled every checkEvery instructions, when profiling.
	OpTime []time.Duration
	// OpMemory is the memory each plan operator's tables, buffers and
	// searches took, when profiling.
	OpMemory []int64
	Elapsed  time.Duration
}

// NewMachine prepares a run of p against g (w may be nil for reads). It
// takes a finished machine back from Recycle when one is at hand, so that
// a small query does not allocate its registers, cursors and the machine
// itself afresh on every run.
func NewMachine(ctx context.Context, p *Program, g Graph, w Writer, params map[string]value.Value, limits Limits) *Machine {
	m, _ := recycled.Get().(*Machine)
	if m == nil {
		m = &Machine{}
	}
	m.prog = p
	m.ctx = Ctx{Context: ctx, Graph: g, Writer: w, Params: params}
	m.limits = limits
	m.R = sized(m.R, p.NumR)
	m.N = sized(m.N, p.NumN)
	m.S = sized(m.S, p.NumS)
	m.V = sizedVectors(m.V, p.NumV)
	m.cursors = sized(m.cursors, p.NumCursors)
	m.keyIDs = sized(m.keyIDs, len(p.Consts))
	// The functions' context lives in the machine (one allocation less
	// per run) and has no random source of its own: rand() and
	// randomUUID() draw from the global one, as random as a fresh source
	// seeded from it, without building one for every statement.
	m.fctxVal = functions.Context{Graph: funcGraph{g}, Now: time.Now(), Ctx: ctx}
	m.fctx = &m.fctxVal
	if limits.MaxMemory > 0 {
		m.fctx.Fits = m.fits
	}
	for i := range m.keyIDs {
		m.keyIDs[i] = -2
	}
	for i := range m.R {
		m.R[i] = value.NullValue
	}
	return m
}

// sized returns b with length n, zeroed, in its own array when that is
// large enough.
func sized[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// sizedVectors returns v with length n, keeping the arrays of the vector
// registers a recycled machine kept (keepVectors left them empty).
func sizedVectors(v [][]value.Value, n int) [][]value.Value {
	if cap(v) < n {
		w := make([][]value.Value, n)
		copy(w, v[:cap(v)])
		return w
	}
	return v[:n]
}

// recycled holds machines whose runs are over (Recycle), for NewMachine.
var recycled sync.Pool

// recycleMax bounds the registers, cursors and scratch a recycled machine
// keeps: a run that grew them beyond it leaves them to the collector.
const recycleMax = 1 << 12

// Recycle ends m's use: its registers, cursors and scratch buffers serve a
// later NewMachine. Nothing of m may be used afterwards (its rows are
// copied out before: see Row); only the caller that created m and read
// its last row may recycle it, once.
func (m *Machine) Recycle() {
	keep := Machine{R: m.R, N: m.N, S: m.S, V: m.V, cursors: m.cursors, keyIDs: m.keyIDs,
		argsBuf: m.argsBuf[:0], nbrBuf: m.nbrBuf[:0], keyBuf: m.keyBuf[:0]}
	clear(keep.R)
	clear(keep.S)
	keepVectors(keep.V)
	clear(keep.cursors)
	clear(keep.argsBuf[:cap(keep.argsBuf)])
	if cap(keep.R) > recycleMax || cap(keep.cursors) > recycleMax || cap(keep.argsBuf) > recycleMax {
		return
	}
	if cap(keep.nbrBuf) > recycleMax {
		keep.nbrBuf = nil
	}
	if cap(keep.keyBuf) > recycleMax {
		keep.keyBuf = nil
	}
	*m = keep
	recycled.Put(m)
}

// recycleLanes bounds the lanes of vector registers a recycled machine
// keeps (16 bytes each).
const recycleLanes = 1 << 16

// keepVectors clears the lanes of the vector registers v (nothing of the
// run stays reachable) and keeps their arrays for the next run when they
// are within recycleLanes in all, so that a run of a small query does
// not allocate its vectors anew; past the bound it drops them.
func keepVectors(v [][]value.Value) {
	lanes := 0
	for _, x := range v {
		lanes += cap(x)
	}
	for i, x := range v {
		if lanes > recycleLanes {
			v[i] = nil
			continue
		}
		clear(x[:cap(x)])
		v[i] = x[:0]
	}
}

// chargeChunk is the step in which a run's memory is charged to its
// account (SetMemoryAccount): an account is shared, so it is not told of
// every row.
const chargeChunk = 1 << 20

// SetMemoryAccount makes the run charge the memory it holds (what
// Limits.MaxMemory bounds) to charge as it grows, in steps of about a
// MiB, so that a store can make room for it (storage.Store.ChargeMemory);
// ReleaseMemory gives it back when the run ends.
func (m *Machine) SetMemoryAccount(charge func(int64)) { m.charge = charge }

// ReleaseMemory gives back to the account everything the run charged to
// it. Call it once the run is over (its tables are no longer used).
func (m *Machine) ReleaseMemory() {
	if m.charge != nil && m.charged != 0 {
		m.charge(-m.charged)
		m.charged = 0
	}
}

// EnableProfile makes the machine count executions per instruction and
// sample the time spent per plan operator.
func (m *Machine) EnableProfile() {
	m.stats = &Stats{PerPC: make([]int64, len(m.prog.Code)), ElementsPerPC: make([]int64, len(m.prog.Code)), ReadsPerPC: make([]int64, len(m.prog.Code)), OpTime: make([]time.Duration, len(m.prog.OpFirstPC)+1), OpMemory: make([]int64, len(m.prog.OpFirstPC)+1)}
}

// Stats returns the run's counters.
func (m *Machine) Stats() Stats {
	s := Stats{Steps: m.steps, Elements: m.elements, Rows: m.rows, Memory: max(m.memory, m.peak)}
	if m.stats != nil {
		s.PerPC = m.stats.PerPC
		s.ElementsPerPC = m.stats.ElementsPerPC
		s.ReadsPerPC = m.stats.ReadsPerPC
		s.OpTime = m.stats.OpTime
		s.OpMemory = m.stats.OpMemory
		s.Elapsed = m.stats.Elapsed
	}
	return s
}

// sample attributes the time since the last sample to the operator of pc.
func (m *Machine) sample(pc int) {
	now := time.Now()
	d := now.Sub(m.lastSample)
	m.lastSample = now
	m.stats.Elapsed += d
	if pc < len(m.prog.OpOf) {
		if op := m.prog.OpOf[pc]; int(op) < len(m.stats.OpTime) {
			m.stats.OpTime[op] += d
		}
	}
}

// Row returns the current result row (valid until the next Step).
func (m *Machine) Row() []value.Value { return m.row }

// Step runs until the next result row (true) or the end of the program
// (false). An error ends the run.
func (m *Machine) Step() (bool, error) {
	if m.done {
		return false, nil
	}
	row, err := m.run()
	for err != nil && m.trap > 0 && catchable(err) {
		m.pc, m.trapErr, m.trap = m.trap-1, err, 0
		row, err = m.run()
	}
	if err != nil {
		m.done = true
		return false, err
	}
	if !row {
		m.done = true
	}
	return row, nil
}

func (m *Machine) fail(pc int, err error) error {
	e := cyqerr.Wrap(err, cyqerr.Internal, cyqerr.Runtime)
	if e.Type == cyqerr.Cancelled && errors.Is(m.ctx.Context.Err(), context.DeadlineExceeded) {
		e = timeoutErr()
	}
	if !e.Pos.IsValid() && pc >= 0 && pc < len(m.prog.Spans) && m.prog.Spans[pc] >= 0 && m.prog.Source != "" {
		e.At(m.prog.Source, int(m.prog.Spans[pc]))
	}
	return e
}

func typeErr(format string, args ...any) error {
	return cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType", format, args...)
}

// run is the interpreter loop: one switch, pc and code in locals.
func (m *Machine) run() (row bool, err error) {
	code := m.prog.Code
	consts := m.prog.Consts
	R, N, S := m.R, m.N, m.S
	pc := m.pc
	if m.stats != nil {
		m.lastSample = time.Now()
		defer func() { m.sample(pc) }()
	}
	defer func() {
		if r := recover(); r != nil {
			err = m.fail(pc, cyqerr.Runtimef(cyqerr.Internal, "", "internal error at pc %d (%s): %v", pc, code[pc].Op, r))
		}
	}()
	for {
		m.steps++
		if m.steps%checkEvery == 0 {
			if m.stats != nil {
				m.sample(pc)
			}
			if err := m.ctx.Context.Err(); err != nil {
				m.pc = pc
				if err == context.DeadlineExceeded {
					return false, timeoutErr()
				}
				return false, cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled")
			}
			if m.limits.MaxSteps > 0 && m.steps > m.limits.MaxSteps {
				return false, cyqerr.Runtimef(cyqerr.LimitExceeded, "StepBudget", "the query exceeded its budget of %d steps", m.limits.MaxSteps).WithHint("narrow the pattern or add a LIMIT")
			}
		}
		if m.stats != nil {
			m.stats.PerPC[pc]++
		}
		in := code[pc]
		m.memPC = pc
		pc++
		switch in.Op {
		case OpNop:
		case OpGoto:
			pc = int(in.A)
		case OpHalt:
			m.pc = pc - 1
			return false, nil
		case OpJumpIfTrue:
			if b, ok := R[in.A].(value.Bool); ok && bool(b) {
				pc = int(in.B)
			}
		case OpJumpIfNotTrue:
			if b, ok := R[in.A].(value.Bool); !ok || !bool(b) {
				pc = int(in.B)
			}
		case OpJumpIfNull:
			if value.IsNull(R[in.A]) {
				pc = int(in.B)
			}
		case OpJumpIfIDNull:
			if N[in.A] == NullID {
				pc = int(in.B)
			}
		case OpJumpIfIDEq:
			if N[in.A] == N[in.B] {
				pc = int(in.C)
			}
		case OpJumpIfIDNe:
			if N[in.A] != N[in.B] {
				pc = int(in.C)
			}
		case OpResultRow:
			m.rows++
			if m.limits.MaxRows > 0 && m.rows > m.limits.MaxRows {
				m.pc = pc
				return false, cyqerr.Runtimef(cyqerr.LimitExceeded, "RowLimit", "the query returned more than %d rows", m.limits.MaxRows).WithHint("add a LIMIT or aggregate")
			}
			m.row = R[in.A : in.A+in.B]
			m.pc = pc
			return true, nil
		case OpLoadCounter:
			v := R[in.B]
			var n int64
			switch x := v.(type) {
			case value.Int:
				n = int64(x)
			case value.Float:
				if x != value.Float(math.Trunc(float64(x))) {
					return false, m.fail(pc-1, cyqerr.Runtimef(cyqerr.SyntaxError, "InvalidArgumentType", "SKIP and LIMIT take an integer, got %s", value.Format(v)))
				}
				n = int64(x)
			default:
				return false, m.fail(pc-1, cyqerr.Runtimef(cyqerr.SyntaxError, "InvalidArgumentType", "SKIP and LIMIT take an integer, got %s", value.TypeName(v)))
			}
			if n < 0 {
				return false, m.fail(pc-1, cyqerr.Runtimef(cyqerr.SyntaxError, "NegativeIntegerArgument", "SKIP and LIMIT take a non-negative integer, got %d", n))
			}
			N[in.A] = uint64(n)
		case OpSetCounter:
			N[in.A] = uint64(in.B)
		case OpDecrJumpZero:
			if N[in.A] == 0 {
				pc = int(in.B)
			} else {
				N[in.A]--
			}
		case OpSkipCounter:
			if N[in.A] > 0 {
				N[in.A]--
				pc = int(in.B)
			}
		case OpIncr:
			N[in.A]++
		case OpAddCounter:
			N[in.A] += N[in.B]
		case OpSetNullID:
			N[in.A] = NullID
		case OpCounterVal:
			R[in.A] = value.Int(N[in.B])
		case OpCounterBool:
			R[in.A] = value.Bool(N[in.B] > 0)
		case OpJumpN:
			pc = int(N[in.A])
		case OpJumpIfNonZero:
			if N[in.A] != 0 {
				pc = int(in.B)
			}
		case OpSetNull:
			for i := in.A; i < in.A+in.B; i++ {
				R[i] = value.NullValue
			}

		// --- cursors ---
		case OpOpenAllNodes:
			m.cursors[in.A].openBitmap(m.ctx.Graph.AllNodes())
		case OpOpenLabelScan:
			c := &m.cursors[in.A]
			if id, ok := m.ctx.Graph.LabelID(string(consts[in.B].(value.String))); ok {
				c.openBitmap(m.ctx.Graph.NodesWithLabel(id))
			} else {
				c.openBitmap(nil)
			}
		case OpOpenSetScan:
			m.cursors[in.A].openBitmap(S[in.B])
		case OpNextNode:
			c := &m.cursors[in.A]
			if c.it == nil || !c.it.HasNext() {
				pc = int(in.C)
			} else {
				N[in.B] = uint64(c.it.Next())
			}
		case OpOpenTypeCounts:
			m.openTypeCounts(&m.cursors[in.A])
		case OpNextTypeCount:
			c := &m.cursors[in.A]
			if c.pos >= len(c.typeCounts) {
				pc = int(in.D)
			} else {
				R[in.B], R[in.C] = value.String(c.typeCounts[c.pos].Type), value.Int(c.typeCounts[c.pos].Count)
				c.pos++
			}
		case OpBatchFill:
			if !m.cursors[in.A].batchFill() {
				pc = int(in.B)
			}
		case OpBatchFilter:
			m.batchFilter(&m.cursors[in.A], m.prog.Aux[in.B].(*BatchFilter))
		case OpBatchNext:
			c := &m.cursors[in.A]
			if c.pos >= len(c.batch) {
				pc = int(in.C)
			} else {
				if c.laneFailed(c.pos) {
					return false, c.laneErr[c.pos]
				}
				N[in.B] = uint64(c.batch[c.pos])
				c.pos++
			}
		case OpVecProp:
			m.vecProp(in.A, &m.cursors[in.B], in.C)
		case OpVecNode:
			m.vecNode(in.A, &m.cursors[in.B])
		case OpVecBroadcast:
			m.vecBroadcast(in.A, &m.cursors[in.C], R[in.B])
		case OpVecBinary:
			m.vecBinary(pc-1, in.A, in.B, in.C, m.prog.Aux[in.D].(*VecSpec))
		case OpVecBinaryK:
			m.vecBinaryScalar(pc-1, in.A, in.B, R[in.C], m.prog.Aux[in.D].(*VecSpec))
		case OpVecUnary:
			m.vecUnary(pc-1, in.A, in.B, m.prog.Aux[in.C].(*VecSpec))
		case OpVecCall:
			m.vecCall(pc-1, in.A, m.prog.Aux[in.B].([]int32), m.prog.Aux[in.D].(*VecSpec))
		case OpVecFilter:
			m.vecFilter(pc-1, in.A, m.prog.Aux[in.B].(*VecFilterSpec))
		case OpVecLoad:
			c := &m.cursors[in.C]
			R[in.A] = m.V[in.B][c.pos-1]
		case OpVecMask:
			c := &m.cursors[in.B]
			c.masks.push(m.V[in.A][:len(c.batch)], MaskMode(in.C))
		case OpVecUnmask:
			m.cursors[in.A].masks.pop()
		case OpVecSelect:
			m.vecSelect(in.A, in.B, in.C, m.prog.Aux[in.D].(*VecSelectSpec))
		case OpVecDefer:
			m.vecDefer(in.A, m.prog.Aux[in.B].(*VecFilterSpec))
		case OpVecDeferLoad:
			c := &m.cursors[in.C]
			R[in.A] = m.V[in.B][c.pos-1]
			c.deferCur = nil
			if c.deferErr != nil {
				c.deferCur = c.deferErr[c.pos-1]
			}
		case OpDeferredCheck:
			if err := m.cursors[in.C].deferCur; err != nil {
				return false, err
			}
			R[in.A] = R[in.B]
		case OpOpenExpand:
			c := &m.cursors[in.A]
			c.openExpand(m.ctx.Graph, N[in.B], m.prog.Aux[in.C].(*ExpandSpec))
		case OpNextExpand:
			c := &m.cursors[in.A]
			if c.pos >= len(c.rels) {
				pc = int(in.D)
			} else {
				N[in.B] = c.rels[c.pos]
				N[in.C] = uint64(c.nbrs[c.pos])
				c.pos++
			}
		case OpOpenVarExpand:
			c := &m.cursors[in.A]
			if err := c.openVarExpand(m, N[in.B], m.prog.Aux[in.C].(*VarExpandSpec)); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpNextVarExpand:
			end, rels, ok, err := m.cursors[in.A].nextVarExpand(m)
			switch {
			case err != nil:
				return false, m.fail(pc-1, err)
			case !ok:
				pc = int(in.D)
			default:
				N[in.B] = uint64(end)
				R[in.C] = rels
			}
		case OpOpenShortest:
			c := &m.cursors[in.A]
			spec := m.prog.Aux[in.D].(*ShortestSpec)
			c.spaths, c.kpaths, c.source, c.pos = nil, nil, nil, 0
			c.sreverse = spec.Reverse
			var err error
			keep := m.openSearchTests(spec)
			// The last row's search is done with (but the search from a
			// start that rows share, which pairPaths keeps).
			m.release(c.held)
			c.held = 0
			before := m.memory
			if spec.ToFree {
				c.source, err = m.openSingleSource(N[in.B], spec, keep)
				c.held = m.memory - before
			} else if spec.searched(N[in.B], N[in.C]) {
				c.kpaths, err = m.openKShortest(N[in.B], N[in.C], spec, keep)
				c.held = m.memory - before
			} else {
				c.spaths, err = m.pairPaths(c, N[in.B], N[in.C], spec, keep)
			}
			if err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpTxBegin:
			if err := m.txBegin(m.prog.Aux[in.A].(*TxSpec), R[in.B]); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpTxRow:
			c := &m.cursors[in.A]
			batch, run, err := m.txRow(c.pos-1, m.table(in.B))
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.C] = value.Int(batch)
			if !run {
				pc = int(in.D)
			}
		case OpTxFailed:
			m.txFailed(&m.cursors[in.A], m.table(in.B), m.trapErr)
			m.trapErr = nil
		case OpTxEnd:
			if err := m.txCommit(); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpTxStatus:
			R[in.A] = m.txStatus(int(R[in.B].(value.Int)))
		case OpTrap:
			m.trap = int(in.A) + 1
		case OpUntrap:
			m.trap = 0
		case OpShortestAccept:
			c := &m.cursors[in.A]
			if c.kpaths != nil {
				c.kpaths.accept()
			} else if c.source != nil && c.source.search != nil {
				c.source.search.accept()
			}
		case OpShortestTarget:
			N[in.B] = uint64(m.cursors[in.A].starget)
		case OpNextShortest:
			c := &m.cursors[in.A]
			var p value.Path
			ok := c.pos < len(c.spaths)
			before := m.memory
			if c.source != nil {
				var err error
				if c.starget, p, ok, err = c.source.nextPath(m); err != nil {
					return false, m.fail(pc-1, err)
				}
			} else if c.kpaths != nil {
				var err error
				if p, ok, err = c.kpaths.next(m); err != nil {
					return false, m.fail(pc-1, err)
				}
			} else if ok {
				p = c.spaths[c.pos]
				c.pos++
			}
			c.held += m.memory - before
			if !ok {
				pc = int(in.D)
			} else {
				if c.sreverse {
					p = reversedPath(p)
				}
				R[in.B] = p
				rels := make(value.List, len(p.Rels))
				for i, r := range p.Rels {
					rels[i] = r
				}
				R[in.C] = rels
			}
		case OpOpenCSV:
			c := &m.cursors[in.A]
			if c.csv != nil {
				c.csv.close()
			}
			cur, err := m.openCSV(R[in.B], m.prog.Aux[in.C].(*CSVSpec))
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			c.csv = cur
		case OpNextCSV:
			c := &m.cursors[in.A]
			rec, ok, err := c.csv.next()
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if !ok {
				c.csv.close()
				c.csv = nil
				pc = int(in.C)
			} else {
				R[in.B] = rec
			}
		case OpOpenList:
			c := &m.cursors[in.A]
			c.pos = 0
			switch l := R[in.B].(type) {
			case value.List:
				c.list = l
			case nil, value.Null:
				c.list = nil
			default:
				c.list = value.List{l}
			}
		case OpNextList:
			c := &m.cursors[in.A]
			if c.pos >= len(c.list) {
				pc = int(in.C)
			} else {
				R[in.B] = c.list[c.pos]
				c.pos++
			}
		case OpOpenTable:
			c := &m.cursors[in.A]
			t := m.table(in.B)
			if err := t.finish(m); err != nil {
				return false, m.fail(pc-1, err)
			}
			c.tab = t
			c.pos = 0
		case OpNextTable:
			c := &m.cursors[in.A]
			if c.pos >= c.tab.len() {
				pc = int(in.B)
			} else {
				c.tab.restore(m, c.pos)
				c.pos++
			}
		case OpOpenProc:
			c := &m.cursors[in.A]
			spec := m.prog.Aux[in.B].(*ProcSpec)
			args := make([]value.Value, len(spec.Args))
			for i, r := range spec.Args {
				args[i] = R[r]
			}
			rows, err := spec.Proc.Fn(&m.ctx, args)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			c.procRows = rows
			c.procSpec = spec
			c.pos = 0
		case OpNextProc:
			c := &m.cursors[in.A]
			if c.pos >= len(c.procRows) {
				pc = int(in.B)
			} else {
				row := c.procRows[c.pos]
				c.pos++
				for i, r := range c.procSpec.Out {
					if r >= 0 && i < len(row) {
						R[r] = row[i]
					}
				}
			}
		case OpCloseCursor:
			m.cursors[in.A] = cursor{}

		// --- pattern checks ---
		case OpHasLabels:
			id := N[in.A]
			if id == NullID || !m.matchLabels(uint32(id), m.prog.Aux[in.B].(*LabelExpr)) {
				pc = int(in.C)
			}
		case OpCheckRelEnd:
			start, end, _, ok := m.ctx.Graph.Rel(N[in.A])
			if !ok || uint64(start) != N[in.B] || uint64(end) != N[in.C] {
				pc = int(in.D)
			}
		case OpRelIsType:
			_, _, typ, ok := m.ctx.Graph.Rel(N[in.A])
			match := false
			if ok {
				name := m.ctx.Graph.TypeName(typ)
				for _, t := range consts[in.B].(value.List) {
					if string(t.(value.String)) == name {
						match = true
						break
					}
				}
			}
			if !match {
				pc = int(in.C)
			}

		// --- tables ---
		case OpTableAdd:
			if err := m.table(in.A).add(m); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpTableReset:
			m.table(in.A).reset()
		case OpResetTables:
			for aux := in.A; aux < in.B && int(aux) < len(m.tables); aux++ {
				if t := m.tables[aux]; t != nil {
					t.reset()
				}
			}
		case OpAggStep:
			if err := m.table(in.A).aggStep(m); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpAggSet:
			if err := m.table(in.A).aggSet(m, S[in.B]); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpDistinctSeen:
			seen, err := m.table(in.A).seenBefore(m)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if seen {
				pc = int(in.B)
			}
		case OpRankProbe:
			if v, hit := m.rankProbe(in.A, in.B); hit {
				R[in.C] = v
				pc = int(in.D)
			}
		case OpRankAdd:
			if err := m.rankAdd(in.A, in.B); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpRankSeal:
			v, err := m.rankSeal(in.A, in.B)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.C] = v
		case OpRankExtreme:
			if v, ok := m.rankExtreme(in.A, in.B); ok {
				R[in.C] = v
			} else {
				pc = int(in.D)
			}
		case OpRankList:
			v, ok, err := m.rankList(in.A, in.B)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if ok {
				R[in.C] = v
			} else {
				pc = int(in.D)
			}
		case OpFoldSum:
			v, ok, err := m.foldSum(in.A, in.B)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if ok {
				R[in.C] = v
			} else {
				pc = int(in.D)
			}
		case OpListMemo:
			if v, ok := m.listMemoGet(in.A, R[in.B]); ok {
				R[in.C] = v
				pc = int(in.D)
			}
		case OpListMemoPut:
			if err := m.listMemoPut(in.A, R[in.B], R[in.C]); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpValueMemo:
			if v, ok := m.valueMemoGet(in.A); ok {
				R[in.B] = v
				pc = int(in.C)
			}
		case OpValueMemoPut:
			m.valueMemoPut(in.A, R[in.B])

		// --- expressions ---
		case OpConst:
			R[in.A] = consts[in.B]
		case OpParam:
			name := string(consts[in.B].(value.String))
			v, ok := m.ctx.Params[name]
			if !ok {
				return false, m.fail(pc-1, cyqerr.Runtimef(cyqerr.ParameterMissing, "MissingParameter", "parameter $%s was not given", name))
			}
			R[in.A] = v
		case OpMove:
			R[in.A] = R[in.B]
		case OpMoveID:
			N[in.A] = N[in.B]
		case OpNodeVal:
			if N[in.B] == NullID {
				R[in.A] = value.NullValue
			} else {
				R[in.A] = value.Node{ID: uint32(N[in.B])}
			}
		case OpRelVal:
			R[in.A] = m.relValue(N[in.B])
		case OpNodeID:
			switch x := R[in.B].(type) {
			case value.Node:
				N[in.A] = uint64(x.ID)
			case nil, value.Null:
				N[in.A] = NullID
			default:
				return false, m.fail(pc-1, typeErr("expected a node, got %s", value.TypeName(x)))
			}
		case OpRelID:
			switch x := R[in.B].(type) {
			case value.Rel:
				N[in.A] = x.ID
			case nil, value.Null:
				N[in.A] = NullID
			default:
				return false, m.fail(pc-1, typeErr("expected a relationship, got %s", value.TypeName(x)))
			}
		case OpNodeProp:
			R[in.A] = m.nodeProp(N[in.B], in.C)
			if m.deleted {
				return false, m.fail(pc-1, deletedErr())
			}
		case OpRelProp:
			R[in.A] = m.relProp(N[in.B], in.C)
			if m.deleted {
				return false, m.fail(pc-1, deletedErr())
			}
		case OpProp:
			v, err := m.prop(R[in.B], in.C)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v

		case OpIn:
			v, err := m.in(pc-1, R[in.B], R[in.C])
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v
		case OpListSetFilter:
			v, err := m.listSetFilter(pc-1, R[in.B], R[in.C], in.D)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v
		case OpExpandList:
			l, err := m.expandList(N[in.B], m.prog.Aux[in.C].(*ExpandSpec), in.D == 1)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = l
		case OpListAdjFilter:
			R[in.A] = m.listAdjFilter(R[in.B], R[in.C], m.prog.Aux[in.D].(*ListAdjSpec))
		case OpSetFromIDs:
			S[in.A] = m.setFromIDs(R[in.B], in.C)
		case OpSetIndexSeekMany:
			S[in.A] = m.indexSeekMany(consts[in.B], consts[in.C], R[in.D])
		case OpAdd, OpSub, OpMul, OpDiv, OpMod, OpPow, OpStartsWith, OpEndsWith, OpContains, OpRegex, OpIndex:
			v, err := binaryOp(m.fctx, in.Op, R[in.B], R[in.C])
			if err == nil && in.Op == OpAdd && m.limits.MaxMemory > 0 {
				err = m.fitsValue(v) // list and string concatenation grow
			}
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v
		case OpNeg:
			v, err := functions.Neg(R[in.B])
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v
		case OpEq:
			R[in.A] = value.Equal(R[in.B], R[in.C]).Value()
		case OpNe:
			R[in.A] = value.Equal(R[in.B], R[in.C]).Not().Value()
		case OpLt:
			R[in.A] = value.CompareOp("<", R[in.B], R[in.C]).Value()
		case OpLe:
			R[in.A] = value.CompareOp("<=", R[in.B], R[in.C]).Value()
		case OpGt:
			R[in.A] = value.CompareOp(">", R[in.B], R[in.C]).Value()
		case OpGe:
			R[in.A] = value.CompareOp(">=", R[in.B], R[in.C]).Value()
		case OpAnd, OpOr, OpXor:
			a, err := tri(R[in.B])
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			b, err := tri(R[in.C])
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			switch in.Op {
			case OpAnd:
				R[in.A] = a.And(b).Value()
			case OpOr:
				R[in.A] = a.Or(b).Value()
			default:
				R[in.A] = a.Xor(b).Value()
			}
		case OpNot:
			a, err := tri(R[in.B])
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = a.Not().Value()
		case OpAssertBool:
			if _, err := tri(R[in.A]); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpIsNull:
			R[in.A] = value.Bool(value.IsNull(R[in.B]))
		case OpIsNotNull:
			R[in.A] = value.Bool(!value.IsNull(R[in.B]))
		case OpSlice:
			var from, to value.Value
			if in.C >= 0 {
				from = R[in.C]
			}
			if in.D >= 0 {
				to = R[in.D]
			}
			v, err := functions.Slice(R[in.B], from, to, in.C >= 0, in.D >= 0)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = v
		case OpMkList:
			l := make(value.List, in.C)
			copy(l, R[in.B:in.B+in.C])
			if m.limits.MaxMemory > 0 {
				if err := m.fitsValue(l); err != nil {
					return false, m.fail(pc-1, err)
				}
			}
			R[in.A] = l
		case OpMkMap:
			keys := consts[in.D].(value.List)
			mp := make(value.Map, in.C)
			for i := int32(0); i < in.C; i++ {
				mp[string(keys[i].(value.String))] = R[in.B+i]
			}
			R[in.A] = mp
		case OpCall:
			f := &m.prog.Funcs[in.B]
			v, err := f.Fn(m.fctx, R[in.C:in.C+in.D])
			if err == nil && m.limits.MaxMemory > 0 {
				err = m.fitsValue(v)
			}
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if v == nil {
				v = value.NullValue
			}
			R[in.A] = v
		case OpLabelTest:
			switch n := R[in.B].(type) {
			case value.Node:
				R[in.A] = value.Bool(m.matchLabels(n.ID, m.prog.Aux[in.C].(*LabelExpr)))
			case value.Rel:
				// r:T|U tests the relationship's type.
				R[in.A] = value.Bool(m.prog.Aux[in.C].(*LabelExpr).matchesType(n.Type))
			case nil, value.Null:
				R[in.A] = value.NullValue
			default:
				return false, m.fail(pc-1, typeErr("label predicates apply to nodes and relationships, got %s", value.TypeName(n)))
			}
		case OpListAppend:
			// The accumulator is private to the comprehension or
			// COLLECT subquery building it, which starts it from an
			// empty constant (no capacity) each time: appending in place
			// writes only past the lengths of the lists it handed out,
			// so a list of n elements takes amortised O(n), not O(n²).
			l, _ := R[in.A].(value.List)
			l = append(l, R[in.B])
			if m.limits.MaxMemory > 0 {
				if err := m.fitsValue(l); err != nil {
					return false, m.fail(pc-1, err)
				}
			}
			R[in.A] = l
		case OpMkPath:
			p, err := m.mkPath(m.prog.Aux[in.B].(*PathSpec))
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = p

		// --- writes ---
		case OpCreateNode, OpCreateRel, OpSetProp, OpSetAllProps, OpSetLabels, OpRemoveLabels, OpDelete:
			if m.ctx.Writer == nil {
				return false, m.fail(pc-1, cyqerr.Runtimef(cyqerr.AccessDenied, "ReadOnly", "this query may not write: the session is read-only"))
			}
			if err := m.write(in); err != nil {
				return false, m.fail(pc-1, err)
			}

		// --- sets ---
		case OpSetAll:
			S[in.A] = m.ctx.Graph.AllNodes()
		case OpSetLabel:
			if id, ok := m.ctx.Graph.LabelID(string(consts[in.B].(value.String))); ok {
				S[in.A] = m.ctx.Graph.NodesWithLabel(id)
			} else {
				S[in.A] = roaring.New()
			}
		case OpSetOfID:
			b := roaring.New()
			if N[in.B] != NullID {
				b.Add(uint32(N[in.B]))
			}
			S[in.A] = b
		case OpSetExpand:
			S[in.A] = m.setExpand(S[in.B], m.prog.Aux[in.C].(*ExpandSpec))
			if m.stepErr != nil {
				return false, m.fail(pc-1, m.takeStepErr())
			}
		case OpSetReach:
			set, err := m.setReach(S[in.B], m.prog.Aux[in.C].(*VarExpandSpec))
			if err == nil {
				err = m.takeStepErr()
			}
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			S[in.A] = set
		case OpSetAnd:
			S[in.A] = roaring.And(S[in.B], S[in.C])
		case OpSetOr:
			S[in.A] = roaring.Or(S[in.B], S[in.C])
		case OpSetAndNot:
			S[in.A] = roaring.AndNot(S[in.B], S[in.C])
		case OpSetFilterLabels:
			S[in.A] = m.setFilterLabels(S[in.B], m.prog.Aux[in.C].(*LabelExpr))
		case OpSetCount:
			R[in.A] = value.Int(S[in.B].GetCardinality())
		case OpDegree:
			d := 0
			if N[in.B] != NullID {
				d = m.degree(uint32(N[in.B]), m.prog.Aux[in.C].(*ExpandSpec))
			}
			R[in.A] = value.Int(d)
		case OpDegreeTop:
			spec := m.prog.Aux[in.C].(*DegreeTopSpec)
			var skip value.Value
			if spec.Skip >= 0 {
				skip = R[spec.Skip]
			}
			set, err := m.degreeTop(S[in.B], spec, R[spec.Limit], skip)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			S[in.A] = set
		case OpSetCommon:
			S[in.A] = m.setCommon(N[in.B], N[in.C], m.prog.Aux[in.D].(*ChainSpec))
		case OpCycleCount:
			n, err := m.cycleCount(N[in.B], m.prog.Aux[in.C].(*ChainSpec))
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			R[in.A] = value.Int(n)
		case OpSetIndexSeek:
			S[in.A] = m.indexSeek(consts[in.B], consts[in.C], R[in.D])
		case OpSetIndexRange:
			S[in.A] = m.indexRange(m.prog.Aux[in.B].(*RangeSpec), R)
		case OpSetChain:
			set, err := m.setChain(N[in.B], m.prog.Aux[in.C].(*ChainSpec))
			if err == nil {
				err = m.takeStepErr()
			}
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			S[in.A] = set
		case OpCheckAdjacent:
			if !m.adjacent(N[in.A], N[in.B], m.prog.Aux[in.C].(*ExpandSpec)) {
				pc = int(in.D)
			}
		case OpSetContains:
			if N[in.B] == NullID || !S[in.A].Contains(uint32(N[in.B])) {
				pc = int(in.C)
			}
		case OpSetNew:
			S[in.A] = roaring.New()
		case OpSetAdd:
			if N[in.B] != NullID {
				S[in.A].Add(uint32(N[in.B]))
			}
		case OpSetAddAll:
			S[in.A].Or(S[in.B])
		case OpCountNew:
			for int(in.A) >= len(m.counts) {
				m.counts = append(m.counts, nil)
			}
			m.counts[in.A] = map[uint32]uint64{}
		case OpCountAdd:
			if N[in.B] != NullID {
				c := m.counts[in.A]
				id := uint32(N[in.B])
				if c[id] == 0 {
					if err := m.account(countEntryBytes); err != nil {
						return false, m.fail(pc-1, err)
					}
				}
				c[id]++
			}
		case OpCountGet:
			N[in.A] = 0
			if N[in.C] != NullID {
				N[in.A] = m.counts[in.B][uint32(N[in.C])]
			}
			if N[in.A] == 0 {
				pc = int(in.D)
			}
		case OpJoinAdd:
			if err := m.joinAdd(in.A); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpKeyCountAdd:
			if err := m.keyCountAdd(in.A); err != nil {
				return false, m.fail(pc-1, err)
			}
		case OpSameStart:
			if m.sameStart(pc-1, N[in.A]) {
				pc = int(in.B)
			}
		case OpJumpIfSame:
			if value.Same(R[in.A], R[in.B]) {
				pc = int(in.C)
			}
		case OpKeyCountOnce:
			done, err := m.keyCountOnce(in.A, in.B)
			if err != nil {
				return false, m.fail(pc-1, err)
			}
			if done {
				pc = int(in.C)
			}
		case OpKeyCount:
			R[in.A] = value.Int(m.keyCount(in.B, in.C))
		case OpJoinProbe:
			m.joinProbe(&m.cursors[in.A], in.B, in.C)
		case OpJoinNext:
			if !m.joinNext(&m.cursors[in.A]) {
				pc = int(in.B)
			}
		case OpSetAddCounted:
			if N[in.B] != NullID {
				for i := in.A; i < in.A+in.C; i++ {
					if S[i].CheckedAdd(uint32(N[in.B])) {
						break
					}
				}
			}
		case OpCollectRow, OpCollectNode, OpCollectRel, OpCollectValue, OpWorkingApply, OpSetFromWorking, OpCollectSet:
			wr := m.ctx.Working
			if wr == nil {
				return false, m.fail(pc-1, fmt.Errorf("vm: %s outside a GraphProgram statement", in.Op))
			}
			switch in.Op {
			case OpCollectRow:
				if wr.Truncated {
					pc = int(in.A)
				} else {
					wr.Rows++
				}
			case OpCollectNode:
				if N[in.A] != NullID {
					wr.addNode(uint32(N[in.A]))
				}
			case OpCollectRel:
				m.collectRel(N[in.A])
			case OpCollectValue:
				m.collectValue(R[in.A])
			case OpWorkingApply:
				if err := m.workingApply(byte(in.A)); err != nil {
					return false, m.fail(pc-1, err)
				}
			case OpCollectSet:
				wr.addSet(S[in.A])
			case OpSetFromWorking:
				if in.B == 2 {
					S[in.A] = roaring.And(wr.W.NodeSet, m.ctx.Graph.AllNodes())
				} else {
					S[in.A] = wr.seek(in.B == 1)
				}
			}
		default:
			return false, m.fail(pc-1, fmt.Errorf("vm: unknown opcode %d", in.Op))
		}
		if mask := setOperands[in.Op]; mask != 0 {
			n := setElements(in, mask, S)
			m.elements += n
			if m.stats != nil {
				m.stats.ElementsPerPC[m.memPC] += n
			}
		}
	}
}

func timeoutErr() *cyqerr.Error {
	return cyqerr.Runtimef(cyqerr.LimitExceeded, "Timeout", "the query ran past its time limit").WithHint("add a LIMIT, narrow the pattern, or raise the timeout")
}

func tri(v value.Value) (value.Tri, error) {
	switch x := v.(type) {
	case value.Bool:
		return value.TriOf(bool(x)), nil
	case nil, value.Null:
		return value.Unknown, nil
	}
	return value.Unknown, typeErr("expected a boolean, got %s", value.TypeName(v))
}

// countEntryBytes is what one node's entry in a count map is charged to
// the query's memory (key, count and the map's overhead).
const countEntryBytes = 24
