package logical

// TrailLengths says which of a VarExpand's trails it yields.
type TrailLengths uint8

// Trail lengths.
const (
	// EveryTrail yields every trail.
	EveryTrail TrailLengths = iota
	// EachLength yields one trail of each length the trails have (which
	// one is the expansion's choice): for consumers that read the trails
	// only through their lengths and do not count the rows.
	EachLength
	// LeastLength yields one trail of the least length the trails have:
	// for consumers that read only the least length.
	LeastLength
)

func (l TrailLengths) String() string {
	switch l {
	case EachLength:
		return "each length"
	case LeastLength:
		return "least length"
	}
	return "every trail"
}
