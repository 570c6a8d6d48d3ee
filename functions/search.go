package functions

import (
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

// Search functions: the built-in text embedder.

func defineSearch() {
	def(&Func{Name: "cyq.embed", Display: "cyq.embed", Category: "vector", Deterministic: true,
		Doc: "cyq.embed(text) returns cyq's built-in embedding of text: a 256-dimensional float32 vector of hashed character 3- and 4-grams and words, L2-normalised, " +
			"needing no model or network. It is lexical, not semantic: texts that share words and spellings are close, synonyms are not. " +
			"Text without letters or digits gives the zero vector; null gives null.",
		Examples:  []string{"vector_dimension_count(cyq.embed('graph database')) = 256"},
		Overloads: []Overload{ov(embedImpl, Vector, String).named("text")}})
}

func embedImpl(_ *Context, args []value.Value) (value.Value, error) {
	s, ok := args[0].(value.String)
	if !ok {
		return value.NullValue, nil
	}
	return value.Vector(search.HashEmbed(string(s))), nil
}
