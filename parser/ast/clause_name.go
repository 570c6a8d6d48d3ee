package ast

// ClauseName returns the keyword that starts clause c, for messages
// ("MATCH", "OPTIONAL MATCH", "LOAD CSV", ...), or "this clause".
func ClauseName(c Clause) string {
	switch c := c.(type) {
	case *Match:
		if c.Optional {
			return "OPTIONAL MATCH"
		}
		return "MATCH"
	case *With:
		return "WITH"
	case *Return:
		return "RETURN"
	case *Unwind:
		return "UNWIND"
	case *LoadCSV:
		return "LOAD CSV"
	case *Use:
		return "USE"
	case *Let:
		return "LET"
	case *FilterClause:
		return "FILTER"
	case *Finish:
		return "FINISH"
	case *Create:
		return "CREATE"
	case *Merge:
		return "MERGE"
	case *Set:
		return "SET"
	case *Remove:
		return "REMOVE"
	case *Delete:
		if c.Detach {
			return "DETACH DELETE"
		}
		return "DELETE"
	case *Foreach:
		return "FOREACH"
	case *Call, *CallSubquery:
		return "CALL"
	}
	return "this clause"
}
