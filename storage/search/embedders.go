package search

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// Embedder turns texts into vectors for vector indexes and hybrid search.
type Embedder interface {
	// Name is the embedder spec, e.g. "default", "ollama:nomic-embed-text".
	Name() string
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// EmbedOptions configures the embedders that vector indexes and
// cyq.search procedures may name ('default', 'ollama:<model>',
// 'openai:<model>'). Empty fields fall back to the environment.
type EmbedOptions struct {
	// OllamaURL is the Ollama server (env CYQ_OLLAMA_URL, then OLLAMA_HOST;
	// default http://localhost:11434). Requests go to <OllamaURL>/api/embed.
	OllamaURL string
	// OpenAIURL is the base URL of an OpenAI-compatible server (env
	// CYQ_OPENAI_URL, then OPENAI_BASE_URL; default https://api.openai.com).
	// Requests go to <OpenAIURL>/v1/embeddings.
	OpenAIURL string
	// OpenAIKey is sent as a bearer token (env OPENAI_API_KEY).
	OpenAIKey string
	// Timeout bounds one embedding request (default 10s).
	Timeout time.Duration
	// Custom embedders, by spec name; they take precedence.
	Custom map[string]Embedder
	// OnPending, if set, is called when a write commits nodes whose
	// embedding failed (they stay pending until cyq.embed.refresh or a
	// later write embeds them). It runs on the writing goroutine.
	OnPending func(EmbedPending)
}

// DefaultEmbedder is the built-in embedder: hashed character n-grams,
// L2-normalised, 256 dimensions. It needs no model files or network. It is
// lexical, not semantic: texts are close when they share words and
// spellings, not when they mean the same thing.
type DefaultEmbedder struct{}

// Name implements Embedder.
func (DefaultEmbedder) Name() string { return "default" }

// Embed implements Embedder.
func (DefaultEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = HashEmbed(t)
	}
	return out, nil
}

// OllamaEmbedder calls an Ollama server's /api/embed.
type OllamaEmbedder struct {
	URL, Model string
	Client     *http.Client
}

// Name implements Embedder.
func (e *OllamaEmbedder) Name() string { return "ollama:" + e.Model }

// Embed implements Embedder.
func (e *OllamaEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var resp struct {
		Embeddings [][]float32 `json:"embeddings"`
		Error      string      `json:"error"`
	}
	if err := postJSON(ctx, e.Client, strings.TrimRight(e.URL, "/")+"/api/embed", "",
		map[string]any{"model": e.Model, "input": texts}, &resp); err != nil {
		return nil, fmt.Errorf("ollama embed: %w", err)
	}
	if resp.Error != "" {
		return nil, fmt.Errorf("ollama embed: %s", resp.Error)
	}
	if len(resp.Embeddings) != len(texts) {
		return nil, fmt.Errorf("ollama embed: got %d embeddings for %d texts", len(resp.Embeddings), len(texts))
	}
	return resp.Embeddings, nil
}

// OpenAIEmbedder calls an OpenAI-compatible /v1/embeddings endpoint.
type OpenAIEmbedder struct {
	URL, Key, Model string
	Client          *http.Client
}

// Name implements Embedder.
func (e *OpenAIEmbedder) Name() string { return "openai:" + e.Model }

// Embed implements Embedder.
func (e *OpenAIEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var resp struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := postJSON(ctx, e.Client, strings.TrimRight(e.URL, "/")+"/v1/embeddings", e.Key,
		map[string]any{"model": e.Model, "input": texts}, &resp); err != nil {
		return nil, fmt.Errorf("openai embed: %w", err)
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("openai embed: %s", resp.Error.Message)
	}
	out := make([][]float32, len(texts))
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= len(texts) {
			return nil, fmt.Errorf("openai embed: bad index %d", d.Index)
		}
		out[d.Index] = d.Embedding
	}
	for i, v := range out {
		if v == nil {
			return nil, fmt.Errorf("openai embed: no embedding for input %d", i)
		}
	}
	return out, nil
}

func postJSON(ctx context.Context, c *http.Client, url, key string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s: HTTP %d: %s", url, resp.StatusCode, strings.TrimSpace(string(data[:min(len(data), 200)])))
	}
	return json.Unmarshal(data, out)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// NewEmbedder returns the embedder named by spec: "default" (or ""),
// "ollama:<model>", "openai:<model>", or a name from o.Custom.
func NewEmbedder(spec string, o EmbedOptions) (Embedder, error) {
	if e, ok := o.Custom[spec]; ok {
		return e, nil
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	client := &http.Client{Timeout: timeout}
	kind, model, _ := strings.Cut(spec, ":")
	switch kind {
	case "", "default":
		return DefaultEmbedder{}, nil
	case "ollama":
		if model == "" {
			return nil, fmt.Errorf("embedder %q: name a model, e.g. 'ollama:nomic-embed-text'", spec)
		}
		url := firstNonEmpty(o.OllamaURL, os.Getenv("CYQ_OLLAMA_URL"), os.Getenv("OLLAMA_HOST"), "http://localhost:11434")
		if !strings.Contains(url, "://") {
			url = "http://" + url
		}
		return &OllamaEmbedder{URL: url, Model: model, Client: client}, nil
	case "openai":
		if model == "" {
			return nil, fmt.Errorf("embedder %q: name a model, e.g. 'openai:text-embedding-3-small'", spec)
		}
		url := firstNonEmpty(o.OpenAIURL, os.Getenv("CYQ_OPENAI_URL"), os.Getenv("OPENAI_BASE_URL"), "https://api.openai.com")
		url = strings.TrimSuffix(strings.TrimRight(url, "/"), "/v1")
		return &OpenAIEmbedder{URL: url, Key: firstNonEmpty(o.OpenAIKey, os.Getenv("OPENAI_API_KEY")), Model: model, Client: client}, nil
	}
	return nil, fmt.Errorf("unknown embedder %q (want 'default', 'ollama:<model>' or 'openai:<model>')", spec)
}

// EmbedPending reports nodes left without a vector because their embedder
// failed when they were written (EmbedOptions.OnPending).
type EmbedPending struct {
	Index    string // the vector index
	Embedder string
	Nodes    int   // nodes the write could not embed (its own, and earlier pending ones it retried)
	Err      error // why
}

// embedState remembers, per vector index with a provider embedder, which
// nodes this process knows to be pending.
