package program

import (
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/parser/graphprogram"
)

// prepared is what running a program derives from its text alone, once:
// its validation report, the parameters its statements refer to, and its
// lowering (the statements' logical plans and parsed queries). The
// engine keeps it by the program's canonical text (engine.Memo: valid
// while the schema and the registered procedures are unchanged); the
// statements' compiled plans are not part of it but come from the plan
// cache when each statement runs, so a plan follows the data as a
// Cypher query's does. A repeated program then pays no validation,
// parse or lowering, and no planning while its plans hold.
type prepared struct {
	report   graphprogram.Report
	refs     map[string]bool
	low      *lowered
	lowerErr error
}

// prepare validates and lowers p, or returns what an earlier run of the
// same program text with the same options prepared.
func (rn *Runner) prepare(p *graphprogram.Program, o Options) *prepared {
	if p == nil {
		return &prepared{report: rn.Validate(p)}
	}
	text := p.Canonical()
	if text == nil {
		pr := &prepared{report: rn.Validate(p)}
		if pr.report.Valid {
			pr.refs = graphprogram.ParamRefs(p)
			pr.low, pr.lowerErr = rn.lower(p, o)
		}
		return pr
	}
	key := strings.Join([]string{"program", o.KeyProperty, o.ConceptLabel, o.SourceLabel, strconv.Itoa(o.MaxRows), string(text)}, "\x00")
	v := rn.eng.Memo(key, func() (any, bool) {
		pr := &prepared{report: rn.Validate(p)}
		if !pr.report.Valid {
			return pr, false
		}
		pr.refs = graphprogram.ParamRefs(p)
		pr.low, pr.lowerErr = rn.lower(p, o)
		return pr, pr.lowerErr == nil
	})
	return v.(*prepared)
}
