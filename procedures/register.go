package procedures

import "github.com/cyqdb/cyq/internal/engine"

// Register registers every built-in procedure with eng, through the same
// RegisterProcedure a Go program uses for its own procedures.
func Register(eng *engine.Engine) {
	registerBuiltins(eng)
	registerSearch(eng)
	registerListing(eng)
}
