package mcp

import (
	"context"
	"fmt"
	"strings"
)

const kgBulkDesc = `Apply up to 50 changes at once, all or nothing: entities (as the entities tool: action create (default), update, delete or merge),
then relations (create (default) or delete), then observations (add (default) or delete). If any operation fails, nothing is
written and the error names the failing operation (e.g. relations[3]): fix it and send the whole batch again.`

const kgBulkSchema = `{
  "type": "object",
  "properties": {
    "entities": {"type": "array", "items": {"type": "object"}, "description": "entities operations: {action?, name, type, ...}"},
    "relations": {"type": "array", "items": {"type": "object"}, "description": "relations operations: {action?, from, to, type, properties?}"},
    "observations": {"type": "array", "items": {"type": "object"}, "description": "observations operations: {action?, entity, text}"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

// bulkOpProps are the arguments of each kind of bulk_update operation.
var bulkOpProps = map[string]map[string]bool{
	"entities":     schemaProps(kgEntitiesSchema),
	"relations":    schemaProps(kgRelationsSchema),
	"observations": schemaProps(kgObservationsSchema),
}

func (s *Server) bulkUpdate(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	type op struct {
		kind string
		i    int
		args *kgArgs
	}
	var ops []op
	for _, kind := range []string{"entities", "relations", "observations"} {
		v, ok := a.m[kind]
		if !ok || v == nil {
			continue
		}
		l, ok := v.([]any)
		if !ok {
			return nil, "", kgArgErr("%s must be a list of operations", kind)
		}
		for i, e := range l {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, "", kgArgErr("%s[%d] must be an object", kind, i)
			}
			if _, ok := m["graph"]; ok {
				return nil, "", kgArgErr("%s[%d]: give graph once, at the top level of bulk_update", kind, i)
			}
			if bad := unknownArg(bulkOpProps[kind], m); bad != "" {
				return nil, "", kgArgErr("%s[%d] does not take %q; see the %s tool's arguments", kind, i, bad, kind)
			}
			ops = append(ops, op{kind, i, newArgs(m)})
		}
	}
	if len(ops) == 0 {
		return nil, "", kgArgErr("bulk_update needs operations: entities, relations and/or observations lists")
	}
	if len(ops) > kgMaxBatchOps {
		return nil, "", kgArgErr("bulk_update takes at most %d operations, got %d; split them into several calls", kgMaxBatchOps, len(ops))
	}
	var failed string
	out, text, err := s.write(ctx, a, func(ctx context.Context, w *kgWriter) (map[string]any, string, error) {
		results := []any{}
		var text strings.Builder
		counts := map[string]int{}
		for _, o := range ops {
			action := o.args.str("action")
			err := o.args.err
			if err == nil {
				var res map[string]any
				var line string
				switch o.kind {
				case "entities":
					res, line, err = w.entityOp(ctx, action, o.args)
				case "relations":
					res, line, err = w.relationOp(ctx, action, o.args)
				case "observations":
					if action == "" {
						action = "add"
					}
					res, line, err = w.observationOp(ctx, action, o.args)
				}
				if err == nil {
					if action == "" {
						action = "create"
					}
					res["operation"] = fmt.Sprintf("%s[%d]", o.kind, o.i)
					results = append(results, res)
					counts[o.kind+"."+action]++
					text.WriteString(line + "\n")
					continue
				}
			}
			failed = fmt.Sprintf("%s[%d]", o.kind, o.i)
			return nil, "", opError(failed, err)
		}
		return map[string]any{"applied": len(results), "results": results, "counts": counts},
			fmt.Sprintf("applied %d operations atomically\n%s", len(results), text.String()), nil
	})
	if err != nil {
		extra := map[string]any{"applied": 0}
		if failed != "" {
			extra["failed_operation"] = failed
		}
		return nil, "", &kgFailure{err, extra}
	}
	return out, text, nil
}
