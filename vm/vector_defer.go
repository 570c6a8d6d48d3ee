package vm

import "github.com/cyqdb/cyq/value"

// Deferred tests: a test that may fail, evaluated over a batch for an
// operator further down the pipeline.
//
// Row at a time, a filter after an expansion evaluates its test only on
// the rows the expansion produces, so it raises the test's error only
// for a node that has such a row. Evaluated over the scan's batch
// instead (planner/deferred_tests.go), the test decides early every lane
// it can: a lane where it is false is dropped (the later filter would
// drop every row of that node, without error); every other lane is kept
// with the test's value (true, null or another value) and, when it
// failed, its error, which is not raised here. OpVecDeferLoad makes the
// error of the lane the pipeline is on the cursor's current one, and
// OpDeferredCheck, where the later filter reads the test, raises it:
// only for a row that reaches that filter, and at the point of the
// filter's evaluation order where row mode evaluates the test.

// vecDefer keeps the lanes whose condition is not false, moving the error
// of each lane that failed computing it to the lane's deferred error. The
// test is the first of the region (planner/deferred_tests.go), so a lane
// that failed failed in it.
func (m *Machine) vecDefer(cond int32, s *VecFilterSpec) {
	c := &m.cursors[s.Cursor]
	n := len(c.batch)
	v := m.V[cond][:n]
	keep := 0
	for j := 0; j < n; j++ {
		var deferred error
		if c.laneFailed(j) {
			deferred, c.laneErr[j] = c.laneErr[j], nil
		} else if v[j] == value.Bool(false) {
			continue
		}
		if deferred != nil && c.deferErr == nil {
			c.deferErr = make([]error, n)
		}
		c.moveLane(keep, j, s.Live, m.V)
		if c.deferErr != nil {
			c.deferErr[keep] = deferred
		}
		keep++
	}
	c.truncateLanes(keep, s.Live, m.V)
}
