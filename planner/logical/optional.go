package logical

import (
	"strings"
)

// Optional runs Inner for each row; rows without a match are kept with
// Inner's new variables set to null (OPTIONAL MATCH).
type Optional struct {
	Inner   []Op
	NewVars []string
}

var _ Op = (*Optional)(nil)

// Name implements Op.
func (Optional) Name() string { return "Optional" }

// String implements Op.
func (o Optional) String() string { return format(o) }

// Breaker implements Op.
func (Optional) Breaker() bool { return false }

// Detail implements Op.
func (o Optional) Detail() string {
	names := make([]string, len(o.Inner))
	for i, op := range o.Inner {
		names[i] = op.Name() + " " + op.Detail()
	}
	return "[" + strings.Join(names, "; ") + "]"
}

// Children implements Op: the optional branch, Inner.
func (o Optional) Children() []*Pipeline { return []*Pipeline{{Ops: o.Inner}} }

// WithChildren implements Op: children[0] replaces Inner.
func (o Optional) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Inner = children[0].Ops
	return o, nil
}

// PathBind binds a path variable from the pattern's nodes and relationships.
type PathBind struct {
	Var   string
	Nodes []string
	Rels  []string
	Lists []bool // Rels[i] is a var-length list
}

var _ Op = (*PathBind)(nil)

// Name implements Op.
func (PathBind) Name() string { return "PathBind" }

// String implements Op.
func (o PathBind) String() string { return format(o) }

// Breaker implements Op.
func (PathBind) Breaker() bool { return false }

// Children implements Op: PathBind owns no pipelines.
func (PathBind) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o PathBind) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o PathBind) Detail() string { return o.Var }
