package logical

// Mark decides an existence test as SemiJoin does (the probe's node in
// the set its builds give for the row's key), but keeps every row and
// binds Var to the test's value, true or false, where SemiJoin drops the
// rows that fail: an EXISTS { } read as a value (in a projection, an
// aggregate's argument, a CASE) rather than as a filter. Join is never a
// Scan.
type Mark struct {
	Var  string
	Join SemiJoin
}

var _ Op = (*Mark)(nil)

// Name implements Op.
func (Mark) Name() string { return "SemiJoinMark" }

// String implements Op.
func (o Mark) String() string { return format(o) }

// Breaker implements Op.
func (Mark) Breaker() bool { return false }

// Children implements Op: the builds of Join.
func (o Mark) Children() []*Pipeline { return o.Join.Children() }

// WithChildren implements Op.
func (o Mark) WithChildren(children ...*Pipeline) (Op, error) {
	j, err := o.Join.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	o.Join = j.(SemiJoin)
	return o, nil
}

// Detail implements Op.
func (o Mark) Detail() string { return o.Var + " = " + o.Join.Detail() }
