"""Issue 11, itens 5 e 6 (e as palavras do item 3 que moram nos templates): a identidade do órgão
definida pelo administrador, rodapé com aviso de privacidade, trilha em toda página, dicas de
formulário que apontam para ids que existem, regiões roláveis com foco, palavras do servidor."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas_web.identidade.models import Orgao

from .conftest import entrar
from .test_publico import nomear_edital

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "cotas_web"
# Um PNG de 1×1 (o menor válido).
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


CAIXA = r'<div class="(?:tabela|tabela-rolagem|grafico-rolagem)"[^>]*>'


def _ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_dicas_do_formulario_apontam_para_ids_que_existem(client: Any, rita: Any) -> None:
    entrar(client, rita)
    html = client.get(reverse("certames:novo")).content.decode()
    descritos = re.findall(r'aria-describedby="([^"]+)"', html)
    # (13 campos com dica, entre eles o prazo do recurso, os 4 do edital como dado, o ente e a
    # data que vêm do edital, e as 3 questões em aberto, cujos botões de rádio têm a dica no
    # fieldset que os agrupa)
    assert len(descritos) == 16
    ids = _ids(html)
    faltam = [d for ref in descritos for d in ref.split() if d not in ids]
    assert not faltam, f"aria-describedby sem elemento: {faltam}"


def test_regioes_roláveis_tem_foco_e_nome(client: Any, certame_homologado: Any, rita: Any) -> None:
    """Toda caixa de tabela (que rola no celular) se alcança pelo teclado e tem nome."""
    nomear_edital(certame_homologado, rita)
    entrar(client, rita)
    pk = certame_homologado.pk
    paginas = [
        reverse("certames:inicio"),
        reverse("certames:detalhe", args=[pk]),
        reverse("certames:publico", args=[pk]),
        reverse("candidatos:lista", args=[pk]),
        reverse("nomeacoes:painel", args=[pk]),
        reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]),
    ]
    for url in paginas:
        html = client.get(url).content.decode()
        for caixa in re.findall(CAIXA, html):
            assert 'tabindex="0"' in caixa and 'role="region"' in caixa, (url, caixa)
            assert "aria-label" in caixa, (url, caixa)


def test_grafico_numa_caixa_rolavel(client: Any, certame_homologado: Any, rita: Any) -> None:
    nomear_edital(certame_homologado, rita)
    url = reverse("publico:documento", args=[certame_homologado.pk, "ordem-de-nomeacao"])
    html = client.get(url).content.decode()
    caixa = re.search(
        r'<div class="grafico-rolagem"[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<svg', html
    )
    assert caixa and caixa.group(1) in _ids(html)


def test_cabecalho_e_rodape_com_a_identidade_do_orgao(client: Any) -> None:
    orgao = Orgao.atual()
    orgao.nome, orgao.endereco = "Prefeitura Municipal de Exemplópolis", "Rua A, 1"
    orgao.telefone, orgao.ouvidoria = "(51) 3000-0000", "Ouvidoria: 156"
    orgao.save()
    html = client.get(reverse("certames:inicio")).content.decode()
    assert "Prefeitura Municipal de Exemplópolis" in html
    for texto in ("Rua A, 1", "(51) 3000-0000", "Ouvidoria: 156", "Aviso de privacidade"):
        assert texto in html.split('class="br-footer')[1], texto
    assert reverse("identidade:privacidade") in html


def test_aviso_de_privacidade_padrao_explica_os_dados(client: Any) -> None:
    html = client.get(reverse("identidade:privacidade")).content.decode()
    for texto in ("CPF", "mascarado", "raça/cor", "deficiência", "sensíveis", "art. 11"):
        assert texto in html, texto


def test_administrador_define_nome_e_brasao(client: Any, rita: Any, carlos: Any) -> None:
    entrar(client, carlos)
    assert client.get(reverse("identidade:editar")).status_code == 403
    entrar(client, rita)
    dados = {
        "nome": "Prefeitura de Teste",
        "subordinacao": "Estado X",
        "endereco": "Praça 1",
        "telefone": "",
        "email": "",
        "sitio": "",
        "ouvidoria": "",
        "ouvidoria_url": "",
        "aviso_privacidade": "Aviso do órgão.",
        "arquivo_brasao": SimpleUploadedFile("brasao.png", PNG, content_type="image/png"),
    }
    assert client.post(reverse("identidade:editar"), dados).status_code == 302
    html = client.get(reverse("certames:inicio")).content.decode()
    assert "Prefeitura de Teste" in html and reverse("identidade:brasao") in html
    imagem = client.get(reverse("identidade:brasao"))
    assert imagem["Content-Type"] == "image/png" and imagem.content == PNG
    client.logout()
    assert "Aviso do órgão." in client.get(reverse("identidade:privacidade")).content.decode()


def test_brasao_que_nao_e_imagem_e_recusado(client: Any, rita: Any) -> None:
    entrar(client, rita)
    dados = {
        "nome": "X",
        "aviso_privacidade": "a",
        "arquivo_brasao": SimpleUploadedFile("b.svg", b"<svg/>", content_type="image/svg+xml"),
    }
    html = client.post(reverse("identidade:editar"), dados).content.decode()
    assert "PNG, JPEG ou WebP" in html and "b.svg" in html
    # O tipo declarado não basta: os bytes têm de ser de uma imagem.
    dados["arquivo_brasao"] = SimpleUploadedFile("b.png", b"<svg/>", content_type="image/png")
    html = client.post(reverse("identidade:editar"), dados).content.decode()
    assert "PNG, JPEG ou WebP" in html and "b.png" in html
    assert not Orgao.atual().brasao


def test_trilha_em_toda_pagina(client: Any, certame_homologado: Any, rita: Any) -> None:
    nomear_edital(certame_homologado, rita)
    entrar(client, rita)
    pk = certame_homologado.pk
    paginas = {
        reverse("certames:inicio"): "Certames",
        reverse("certames:detalhe", args=[pk]): certame_homologado.nome,
        reverse("candidatos:lista", args=[pk]): "Candidatos",
        reverse("nomeacoes:painel", args=[pk]): "Nomeações",
        reverse("certames:historico", args=[pk]): "Histórico",
        reverse("comissao:painel", args=[pk]): "Comissão",
        reverse("candidatos:fraudes", args=[pk]): "Declaração falsa",
        reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]): "Ordem de nomeação",
        reverse("publico:consulta", args=[pk]): "Consultar inscrição",
        reverse("identidade:privacidade"): "Aviso de privacidade",
    }
    for url, atual in paginas.items():
        html = client.get(url).content.decode()
        trilha = re.search(r'<nav class="br-breadcrumb[^>]*>(.*?)</nav>', html, re.S)
        assert trilha, url
        corrente = re.search(r'aria-current="page">([^<]*)<', trilha.group(1))
        assert corrente and atual in corrente.group(1), (url, corrente and corrente.group(1))


def test_templates_sem_script_nem_estilo_embutidos() -> None:
    """A política de segurança de conteúdo (CSP) barra <script> e style="" embutidos."""
    for arquivo in TEMPLATES.rglob("templates/**/*.html"):
        texto = arquivo.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", texto), arquivo
        assert not re.search(r"\sstyle=", texto), arquivo
        assert "Prefeitura" not in texto, arquivo  # o nome do órgão é dado, não template


def test_palavras_do_servidor_no_painel_de_nomeacoes(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    p = propostas_do_motor(certame=certame_homologado)[0]
    nomeacao_confirmar(
        usuario=rita,
        cargo=p.cargo,
        inscricao=p.inscricao,
        portaria="1/2025",
        data_portaria=date(2025, 8, 3),
    )
    entrar(client, rita)
    html = client.get(reverse("nomeacoes:painel", args=[certame_homologado.pk])).content.decode()
    assert "Próximas nomeações, na ordem da lei" in html
    assert "propostas pelo motor" not in html and ">na ordem<" not in html
    # A desistência tem botão próprio, à vista (fora de "Outros registros").
    ato = Nomeacao.objects.get()
    fora = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    assert f"Desistência de {ato.candidato.inscricao}" in fora
    assert "Registrar saída" not in html
    # Nunca dois "Por quê" lado a lado numa célula.
    dois = r"Por quê</summary>.*?</details>\s*<details[^>]*><summary>Por quê"
    assert not re.search(dois, html, re.S)


def test_parametros_da_lei_com_rotulo(client: Any, certame: Any, rita: Any) -> None:
    entrar(client, rita)
    html = client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    tabela = html.split('<th scope="col">Parâmetro</th>')[1].split("</table>")[0]
    celulas = re.findall(r"<td>([^<]*)</td>", tabela)
    codigos = [c for c in celulas if re.fullmatch(r"[a-z]+(_[a-z]+)+", c.strip())]
    assert not codigos, f"códigos sem rótulo: {codigos}"


def test_demonstracao_identifica_o_orgao_sem_apagar_o_do_administrador(client: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    html = client.get(reverse("certames:inicio")).content.decode()
    assert "Prefeitura Municipal de Montenegro" in html
    orgao = Orgao.atual()
    orgao.nome = "Nome que o administrador escolheu"
    orgao.save()
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=StringIO())
    assert Orgao.atual().nome == "Nome que o administrador escolheu"


def test_previa_da_importacao_diz_a_coluna_pelo_nome(
    client: Any, certame: Any, rita: Any, arquivo_csv: Path
) -> None:
    entrar(client, rita)
    with arquivo_csv.open("rb") as f:
        html = client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": f})
    texto = html.content.decode()
    lidas = texto.split('id="colunas-lidas"')[1].split("</table>")[0]
    for rotulo in ("Data de nascimento", "Cor/raça autodeclarada", "Pessoa com deficiência"):
        assert rotulo in lidas, rotulo
    assert "<td>data_nascimento</td><td>data_nascimento" not in lidas


def test_documento_publico_sem_dois_por_que_lado_a_lado(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A razão recolhe em "Por quê"; o fundamento legal, longo também, com o próprio nome."""
    nomear_edital(certame_homologado, rita)
    url = reverse("publico:documento", args=[certame_homologado.pk, "ordem-de-nomeacao"])
    html = client.get(url).content.decode()
    for linha in re.findall(r"<tr>.*?</tr>", html, re.S):
        assert linha.count("<summary>Por quê</summary>") <= 1, linha
    assert "<summary>Fundamento legal</summary>" in html
