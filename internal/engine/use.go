package engine

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
)

// usedGraph returns the graph a statement's USE clause names ("" when it
// has none). Every part of a UNION must name the same graph; composite
// names (USE a.b) and graph functions are refused.
func usedGraph(st *ast.Statement, query string) (string, error) {
	if st.Query == nil {
		return "", nil
	}
	name, named := "", false
	for _, part := range st.Query.Parts {
		if len(part.Clauses) == 0 {
			continue
		}
		use, ok := part.Clauses[0].(*ast.Use)
		if !ok {
			if named {
				return "", cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "every part of a UNION must USE the same graph").At(query, part.NodeSpan().Start)
			}
			continue
		}
		v, ok := use.Graph.(*ast.Variable)
		if !ok {
			return "", cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "USE takes the name of one of this store's graphs; composite graphs and graph functions are not supported").
				At(query, use.Span.Start).WithHint("write USE name, with the graph's name")
		}
		if named && v.Name != name {
			return "", cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "every part of a UNION must USE the same graph").At(query, use.Span.Start)
		}
		name, named = v.Name, true
	}
	return name, nil
}

// useGraph returns the engine for the graph the statement's USE clause
// names (eng itself when it names none, or this engine's graph).
func (eng *Engine) useGraph(st *ast.Statement, query string) (*Engine, error) {
	name, err := usedGraph(st, query)
	if err != nil || name == "" {
		return eng, err
	}
	return eng.OnGraph(name)
}

// checkUse refuses a statement whose USE clause names another graph than
// the one it is compiled for (where the caller did not switch graphs, as
// in a transaction or a GraphProgram).
func (eng *Engine) checkUse(st *ast.Statement, query string) error {
	name, err := usedGraph(st, query)
	if err != nil || name == "" || name == eng.opts.Graph {
		return err
	}
	return cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "USE %s names another graph than the one this runs on (%s)", name, eng.opts.Graph).
		WithHint("run the statement on its own, outside this transaction or program, to switch graphs with USE")
}
