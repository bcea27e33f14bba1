"""PDF dos documentos com WeasyPrint: A4, timbre do município em cada página e "Página X de Y".

O WeasyPrint precisa das bibliotecas do Pango e de fontes do sistema (no Debian:
`libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core`, instaladas por `scripts/sistema.sh`).
"""

from __future__ import annotations

from functools import lru_cache

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
        return (
            "faltam bibliotecas do sistema para o WeasyPrint (rode scripts/sistema.sh): "
            f"{erro}"
        )
    return None


def pdf_disponivel() -> bool:
    return motivo_indisponivel() is None


def para_pdf(doc: Documento) -> bytes:
    motivo = motivo_indisponivel()
    if motivo is not None:
        raise PdfIndisponivel(f"PDF indisponível: {motivo}.")
    from weasyprint import HTML

    pdf: bytes = HTML(string=html_documento(doc, para_pdf=True)).write_pdf()
    return pdf
