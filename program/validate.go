package program

import (
	"github.com/cyqdb/cyq/parser/graphprogram"
)

// ProgramCheckOptions returns the validation options that check Cypher
// operations against this DB: parsed for the statement-shape rules, then
// planned, with read-only decided by the plan (Program.Writes).
func (rn *Runner) CheckOptions() graphprogram.Options {
	return graphprogram.Options{CheckCypher: rn.checkProgramCypher}
}

// ValidateProgram validates a decoded program against this DB.
func (rn *Runner) Validate(p *graphprogram.Program) graphprogram.Report {
	if p == nil {
		return graphprogram.Report{Errors: []graphprogram.Issue{{RuleID: "V000", Severity: graphprogram.SeverityError, Message: "no program"}}, Warnings: []graphprogram.Issue{}}
	}
	return graphprogram.Validate(p, rn.CheckOptions())
}

func (rn *Runner) checkProgramCypher(query, stmt, ptr string) []graphprogram.Issue {
	st, issues := graphprogram.ParseCypher(query, stmt, ptr)
	if st == nil {
		return issues
	}
	issues = graphprogram.CheckStatement(st, query, stmt, ptr)
	for _, is := range issues {
		if is.RuleID == "V012" || is.RuleID == "V015" {
			return issues // never plan LOAD CSV or schema commands
		}
	}
	compiled, err := rn.eng.CompileStatement(st, query)
	if err != nil {
		if w := graphprogram.Updates(st); w != nil {
			return append(issues, graphprogram.Issue{RuleID: w.Rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
				Message: "the query " + w.What + "; Cypher operations must be read-only"})
		}
		return append(issues, graphprogram.Issue{RuleID: "V010", Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr, Message: graphprogram.Describe(err)})
	}
	w := graphprogram.Updates(st)
	if compiled.Program.Writes {
		rule, what := "V011", "writes to the graph (the planner found updating operations)"
		if name, ok := rn.eng.WritingProcedure(st); ok {
			rule, what = "V013", "calls the procedure "+name+", which is not read-only"
		} else if w != nil {
			rule, what = w.Rule, w.What
		}
		issues = append(issues, graphprogram.Issue{RuleID: rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
			Message: "the query " + what + "; Cypher operations must be read-only"})
	} else if w != nil {
		// Belt and braces: an updating clause the plan did not flag.
		issues = append(issues, graphprogram.Issue{RuleID: w.Rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
			Message: "the query " + w.What + "; Cypher operations must be read-only"})
	}
	return issues
}
