"""Nomes hostis no PDF e nos nomes de arquivo para baixar (issue 15, achado 12 e os de
gravidade baixa): o WeasyPrint não busca nada fora do pacote e o CSS leva o nome como texto;
um CR/LF ou aspas num código de cargo não quebram o `Content-Disposition`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from cotas.documentos.documento import Documento, Paragrafo
from cotas.documentos.pdf import para_pdf
from tests.documentos.conftest import exigir_pdf, texto_pdf


@pytest.fixture
def servidor() -> Iterator[tuple[int, list[str]]]:
    """Um servidor HTTP em 127.0.0.1 que só anota os caminhos pedidos."""
    pedidos: list[str] = []

    class Anotador(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            pedidos.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "text/css")
            self.end_headers()
            self.wfile.write(b"body{color:red}")

        def log_message(self, *args: Any) -> None:
            pass

    http = ThreadingHTTPServer(("127.0.0.1", 0), Anotador)
    linha = threading.Thread(target=http.serve_forever, daemon=True)
    linha.start()
    try:
        yield http.server_address[1], pedidos
    finally:
        http.shutdown()
        http.server_close()


def _documento(certame: str, municipio: str = "Montenegro/RS") -> Documento:
    return Documento(
        nome="teste",
        titulo="Lista de teste",
        certame=certame,
        municipio=municipio,
        blocos=[Paragrafo("Um parágrafo.")],
    )


def test_nome_do_certame_nao_injeta_css_nem_busca_url(servidor: tuple[int, list[str]]) -> None:
    exigir_pdf()
    porta, pedidos = servidor
    hostis = [
        '"); } @import url(http://127.0.0.1:1/x); {',
        f'"); }} @import url(http://127.0.0.1:{porta}/importado); {{',
        f'"}} @page {{ background: url(http://127.0.0.1:{porta}/fundo) }} {{ content:"',
        f"</style><img src=http://127.0.0.1:{porta}/imagem><style>",
        f"x\n}}}} body {{ background: url(http://127.0.0.1:{porta}/fundo) }} {{",
        f'\\"; }} @font-face {{ src: url(http://127.0.0.1:{porta}/fonte) }}',
        "linha\nquebrada \\A e avanço",
    ]
    for nome in hostis:
        texto = texto_pdf(para_pdf(_documento(nome))).replace("\x00", "")
        assert pedidos == [], nome
        # O nome, como texto, no rodapé de cada página (`@page`), seguido do título.
        visivel = " ".join(nome.split())
        assert f"{visivel} — Lista de teste" in " ".join(texto.split()), (nome, texto)


def test_municipio_hostil_tambem_vai_como_texto(servidor: tuple[int, list[str]]) -> None:
    exigir_pdf()
    porta, pedidos = servidor
    municipio = f'X"; }} @import "http://127.0.0.1:{porta}/m"; {{/RS'
    para_pdf(_documento("Concurso 01/2025", municipio))
    assert pedidos == []


def test_buscador_do_pdf_so_entrega_arquivos_do_pacote(tmp_path: Path) -> None:
    exigir_pdf()
    import cotas
    from cotas.documentos.pdf import buscador

    busca = buscador()
    fora = tmp_path / "segredo.css"
    fora.write_text("body{}", encoding="utf-8")
    for url in (
        "http://127.0.0.1:1/x",
        "https://exemplo.org/a.css",
        "ftp://x/y",
        "file:///etc/passwd",
        fora.as_uri(),
        "data:text/css,body{}",
        (Path(cotas.__file__).parent / ".." / ".." / "pyproject.toml").as_uri(),
    ):
        with pytest.raises(ValueError, match="recusad"):
            busca(url)
    proprio = Path(cotas.__file__).resolve()
    resposta = busca(proprio.as_uri())
    try:
        assert resposta is not None
    finally:
        fechar = getattr(resposta, "close", None)
        if callable(fechar):
            fechar()


def test_disposicao_de_nomes_hostis() -> None:
    from cotas_web.protecao import disposicao

    for nome, anexo in (
        ('PROF\r\nSet-Cookie: x=1".csv', True),
        ("Ação ç/\\..pdf", False),
        ("\x00", True),
        ("", False),
    ):
        cabecalho = disposicao(nome, anexo=anexo)
        assert "\r" not in cabecalho and "\n" not in cabecalho and "\x00" not in cabecalho
        assert cabecalho.startswith("attachment" if anexo else "inline")
    assert "filename*=utf-8''A%C3%A7%C3%A3o" in disposicao("Ação.pdf", anexo=True)
    assert disposicao('a"b.csv', anexo=True) == 'attachment; filename="a\\"b.csv"'


@pytest.mark.django_db
def test_cargo_com_crlf_aspas_e_acento_baixa_sem_erro(client: Any, certame_homologado: Any) -> None:
    from cotas_web.certames.models import Cargo

    codigo = 'ENF\r\nX-Injetado: 1"ç'
    Cargo.objects.create(
        certame=certame_homologado, codigo=codigo, nome="Enfermagem", vagas_edital=1
    )
    url = reverse("publico:baixar_tabela", args=[certame_homologado.pk, "listas", "classificacao"])
    r = client.get(url, {"cargo": codigo})
    assert r.status_code == 200
    cabecalho = r["Content-Disposition"]
    assert cabecalho.startswith("attachment;") and "filename*=utf-8''" in cabecalho
    assert "\r" not in cabecalho and "\n" not in cabecalho
    assert "X-Injetado" not in r.headers


@pytest.mark.django_db
def test_gravacao_com_nome_hostil_baixa_sem_erro(client: Any, sessao: Any, carlos: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from cotas_web.comissao.models import Convocacao, Gravacao
    from cotas_web.comissao.services import gravacao_anexar
    from tests.web.conftest import entrar

    convocacao = Convocacao.objects.filter(sessao=sessao).first()
    assert convocacao is not None
    arquivo = SimpleUploadedFile("foto.jpg", b"\xff\xd8\xff imagem", "image/jpeg")
    g = gravacao_anexar(usuario=carlos, convocacao=convocacao, arquivo=arquivo)
    # O nome que o navegador mandou, gravado como veio (CR/LF e aspas, em ASCII).
    Gravacao.objects.filter(pk=g.pk).update(nome_original='sessao\r\nX-Injetado: 1".jpg')
    url = reverse("comissao:gravacao", args=[sessao.certame.pk, g.pk])
    r = entrar(client, carlos).get(url)
    assert r.status_code == 200
    cabecalho = r["Content-Disposition"]
    assert (
        "\r" not in cabecalho and "\n" not in cabecalho and 'sessao__X-Injetado: 1\\"' in cabecalho
    )
    assert "X-Injetado" not in r.headers
