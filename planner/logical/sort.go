package logical

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// SortKey is one ORDER BY key.
type SortKey struct {
	Expr ast.Expr
	Desc bool
}

// Sort orders rows.
type Sort struct {
	Keys  []SortKey
	Subst map[string]string // as Project.Subst, for keys after an aggregation
}

var _ Op = (*Sort)(nil)

// Name implements Op.
func (Sort) Name() string { return "Sort" }

// String implements Op.
func (o Sort) String() string { return format(o) }

// Breaker implements Op.
func (Sort) Breaker() bool { return true }

// Children implements Op: Sort owns no pipelines.
func (Sort) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Sort) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Sort) Detail() string {
	keys := make([]string, len(o.Keys))
	for i, k := range o.Keys {
		keys[i] = expr(k.Expr)
		if k.Desc {
			keys[i] += " DESC"
		}
	}
	return "by " + strings.Join(keys, ", ")
}

// Skip drops the first N rows.
type Skip struct{ Count ast.Expr }

var _ Op = (*Skip)(nil)

// Name implements Op.
func (Skip) Name() string { return "Skip" }

// Detail implements Op.
func (o Skip) Detail() string { return expr(o.Count) }

// String implements Op.
func (o Skip) String() string { return format(o) }

// Breaker implements Op.
func (Skip) Breaker() bool { return false }

// Children implements Op: Skip owns no pipelines.
func (Skip) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Skip) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Limit stops after N rows.
type Limit struct{ Count ast.Expr }

var _ Op = (*Limit)(nil)

// Name implements Op.
func (Limit) Name() string { return "Limit" }

// Detail implements Op.
func (o Limit) Detail() string { return expr(o.Count) }

// String implements Op.
func (o Limit) String() string { return format(o) }

// Breaker implements Op.
func (Limit) Breaker() bool { return false }

// Children implements Op: Limit owns no pipelines.
func (Limit) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Limit) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }
