"""PDF dos documentos com WeasyPrint: A4, timbre do município em cada página e "Página X de Y";
em PDF/A-3b (`VARIANTE`), o formato de arquivamento que a assinatura PAdES da publicação
(cotas_web.publico.assinatura) preserva: fontes embutidas, perfil de cor, metadados XMP.

O WeasyPrint precisa das bibliotecas do Pango e de fontes do sistema (no Debian:
`libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core`, instaladas por `scripts/sistema.sh`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from cotas.documentos.documento import Documento
from cotas.documentos.pagina import html_documento


class PdfIndisponivel(RuntimeError):
    """WeasyPrint ou as bibliotecas do sistema que ele usa não estão instaladas."""


@lru_cache(maxsize=1)
def motivo_indisponivel() -> str | None:
    """None se o PDF pode ser gerado; senão, o motivo em português."""
    try:
        import weasyprint  # noqa: F401
    except ImportError:
        return "o pacote weasyprint não está instalado (pip install 'cotas[web]')"
    except OSError as erro:  # bibliotecas do sistema (Pango) ausentes
        return f"faltam bibliotecas do sistema para o WeasyPrint (rode scripts/sistema.sh): {erro}"
    return None


def pdf_disponivel() -> bool:
    return motivo_indisponivel() is None


# O que o PDF pode ler: só arquivos do próprio pacote `cotas` (nada da rede, nada do resto do
# sistema de arquivos), ainda que um texto do documento tente trazer um recurso de fora.
PACOTE = Path(__file__).resolve().parent.parent


def url_permitida(url: str) -> str:
    """A própria URL se é um arquivo do pacote; senão ValueError (o WeasyPrint a ignora)."""
    partes = urlsplit(url)
    if partes.scheme == "file" and partes.netloc in ("", "localhost"):
        caminho = Path(unquote(partes.path)).resolve()
        if caminho.is_relative_to(PACOTE) and caminho.is_file():
            return url
    raise ValueError(f"recurso recusado no PDF (fora do pacote): {url[:200]}")


def buscador() -> Any:
    """O `url_fetcher` do WeasyPrint que só entrega arquivos do pacote."""
    from weasyprint import urls

    if hasattr(urls, "URLFetcher"):  # WeasyPrint 68 em diante

        class Buscador(urls.URLFetcher):  # type: ignore[misc]
            def fetch(self, url: str, headers: Any = None) -> Any:
                return super().fetch(url_permitida(url), headers)

        return Buscador(allowed_protocols=("file",), allow_redirects=False, timeout=2)
    return lambda url: urls.default_url_fetcher(url_permitida(url))


VARIANTE = "pdf/a-3b"


def para_pdf(doc: Documento) -> bytes:
    motivo = motivo_indisponivel()
    if motivo is not None:
        raise PdfIndisponivel(f"PDF indisponível: {motivo}.")
    from weasyprint import HTML

    html = HTML(string=html_documento(doc, para_pdf=True), url_fetcher=buscador())
    pdf: bytes = html.write_pdf(pdf_variant=VARIANTE)
    return pdf
