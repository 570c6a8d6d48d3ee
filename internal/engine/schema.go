package engine

import (
	"context"
	"errors"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
)

// schemaCommand runs CREATE/DROP INDEX and CONSTRAINT.
func (eng *Engine) schemaCommand(ctx context.Context, g *storage.Graph, st *ast.Statement, src string) (*Rows, error) {
	if eng.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "schema commands change the store, which is open read-only")
	}
	unsupported := func(what string) error {
		e := cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "%s is not supported yet", what)
		return e.At(src, st.Command.NodeSpan().Start)
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, stopped(ctx, mapStorageErr(err))
	}
	defer tx.Rollback()
	out := &Rows{pos: -1}
	// exists counts a change in *count, or accepts the error that IF [NOT]
	// EXISTS (ok) allows.
	exists := func(err error, ok bool, count *int) error {
		if err == nil {
			*count++
			return nil
		}
		if errors.Is(err, storage.ErrExists) && ok {
			return nil
		}
		if errors.Is(err, storage.ErrNotFound) && ok {
			return nil
		}
		return mapStorageErr(err)
	}
	// FULLTEXT and VECTOR indexes, DROP INDEX name (schema_search.go).
	if handled, err := eng.searchSchema(tx, st.Command, src, &out.counters); err != nil {
		return nil, err
	} else if handled {
		if err := tx.Commit(); err != nil {
			return nil, mapStorageErr(err)
		}
		eng.plans.invalidate()
		return out, nil
	}
	switch c := st.Command.(type) {
	case *ast.CreateIndex:
		if c.Kind != ast.IndexRange || c.Rel || len(c.Labels) != 1 || len(c.Props) != 1 {
			return nil, unsupported("this kind of index")
		}
		l, err := tx.LabelIDOrCreate(c.Labels[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		k, err := tx.PropKeyIDOrCreate(c.Props[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		if err := exists(tx.CreateIndex(l, k), c.IfNotExists, &out.counters.IndexesAdded); err != nil {
			return nil, err
		}
	case *ast.DropIndex:
		if !c.Legacy || len(c.Labels) != 1 || len(c.Props) != 1 {
			return nil, unsupported("dropping an index by name")
		}
		l, ok1 := tx.LabelID(c.Labels[0])
		k, ok2 := tx.PropKeyID(c.Props[0])
		if !ok1 || !ok2 {
			return nil, cyqerr.Compile(cyqerr.SemanticError, "IndexNotFound", "there is no index on :%s(%s)", c.Labels[0], c.Props[0])
		}
		if err := exists(tx.DropIndex(l, k), c.IfExists, &out.counters.IndexesRemoved); err != nil {
			return nil, err
		}
	case *ast.CreateConstraint:
		if c.Kind != ast.ConstraintUnique || c.Rel || len(c.Props) != 1 {
			return nil, unsupported("this kind of constraint")
		}
		l, err := tx.LabelIDOrCreate(c.Label)
		if err != nil {
			return nil, mapStorageErr(err)
		}
		k, err := tx.PropKeyIDOrCreate(c.Props[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		if err := exists(tx.CreateUniqueConstraint(l, k), c.IfNotExists, &out.counters.ConstraintsAdded); err != nil {
			return nil, err
		}
	default:
		return nil, unsupported("this schema command")
	}
	if err := tx.Commit(); err != nil {
		return nil, mapStorageErr(err)
	}
	eng.plans.invalidate()
	return out, nil
}
