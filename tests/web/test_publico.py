"""Páginas públicas: consulta por inscrição, documentos publicados e downloads; a ata só para
quem tem papel. Nada público mostra CPF inteiro, cor/raça, deficiência ou parecer individual."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.urls import reverse

from cotas.documentos.pdf import pdf_disponivel

from .conftest import LINHAS, cpf_valido, entrar

pytestmark = pytest.mark.django_db

# Um CPF inteiro solto no texto; não dentro de um código hexadecimal (a cabeça da cadeia e os
# sha256 publicados têm, uma vez em nove, onze algarismos seguidos).
CPF_INTEIRO = re.compile(r"(?<![0-9a-fA-F])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![0-9a-fA-F])")
# Valores de campo sensíveis (não nomes de pessoas como "Elisa Branca"): cor/raça, parecer.
SENSIVEIS = (
    ">cor/raça<",
    ">branca<",
    ">parda<",
    ">preta<",
    ">amarela<",
    ">indígena<",
    "confirmado",
    "heteroidentifica",
    "deficiente",
    "reconhec",
)
CPFS = [cpf_valido(linha[2]) for linha in LINHAS]


def nomear_edital(certame: Any, rita: Any, dia: date = date(2025, 8, 3)) -> None:
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    for p in propostas_do_motor(certame=certame):
        nomeacao_confirmar(
            usuario=rita,
            cargo=p.cargo,
            inscricao=p.inscricao,
            portaria=f"{100 + p.ordem}/2025",
            data_portaria=dia,
        )


def sem_dados_sensiveis(texto: str) -> None:
    assert not CPF_INTEIRO.search(texto)
    for cpf in CPFS:
        assert cpf not in texto
    baixo = texto.lower()
    for palavra in SENSIVEIS:
        assert palavra not in baixo, palavra


def test_antes_da_homologacao_so_o_anexo(client: Any, certame_com_candidatos: Any) -> None:
    pk = certame_com_candidatos.pk
    r = client.get(reverse("publico:documento", args=[pk, "anexo-edital"]))
    assert r.status_code == 200
    texto = r.content.decode()
    assert "5 (cinco) vagas oferecidas, das quais 1 (uma) reservada a negros" in texto
    assert "ESTADO DO RIO GRANDE DO SUL" in texto or "art. 1º" in texto
    assert client.get(reverse("publico:documento", args=[pk, "listas"])).status_code == 404
    r = client.get(reverse("publico:consulta", args=[pk]), {"inscricao": "1001"})
    assert "ainda não foi homologada" in r.content.decode()
    assert "Alice" not in r.content.decode()


def test_consulta_nomeado_e_quem_espera(client: Any, certame_homologado: Any, rita: Any) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    url = reverse("publico:consulta", args=[pk])
    # 5 vagas: 1, 2, 4, 5 ampla; a 3ª reservada a negros (20% de 5 = 1).
    r = client.get(url, {"inscricao": "1006"})
    texto = r.content.decode()
    assert r.status_code == 200
    assert "nomeado(a) na vaga 3" in texto and "Portaria nº 103/2025" in texto
    sem_dados_sensiveis(texto)
    r = client.get(url, {"inscricao": "1008"})  # 8º da geral, não nomeado
    texto = r.content.decode()
    assert "ainda não nomeado(a)" in texto and "Nomeações que vêm antes da sua" in texto
    assert "8º" in texto
    sem_dados_sensiveis(texto)
    r = client.get(url, {"inscricao": "9999"})
    assert "Nenhuma inscrição 9999" in r.content.decode()


def test_consulta_diz_o_que_aceita(client: Any, certame_homologado: Any) -> None:
    """O envio vazio mostrava o formulário de novo, sem dizer nada; o CPF ou o nome no lugar da
    inscrição davam só "Nenhuma inscrição"; os algarismos de largura cheia de um teclado de
    celular não eram reconhecidos."""
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    for vazio in ("", "   "):
        texto = client.get(url, {"inscricao": vazio}).content.decode()
        assert "Informe o número de inscrição" in texto
    assert "Informe o número" not in client.get(url).content.decode()
    for pedido in ("123.456.789-09", "Maria da Silva"):
        texto = client.get(url, {"inscricao": pedido}).content.decode()
        assert "Nenhuma inscrição" in texto and "o CPF e o nome não servem para consultar" in texto
    # Também um CPF sem pontos ou um número mal digitado: a dica vai em toda inscrição não achada.
    for pedido in ("9999", "12345678909"):
        texto = client.get(url, {"inscricao": pedido}).content.decode()
        assert f"Nenhuma inscrição {pedido}" in texto and "o CPF e o nome" in texto
    texto = client.get(url, {"inscricao": "１００６"}).content.decode()
    assert "Inscrição 1006 —" in texto and "Nenhuma inscrição" not in texto


def test_consulta_de_quem_saiu_diz_que_as_posicoes_sao_da_classificacao_homologada(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A página dizia "Desistente" e, logo abaixo, "Posição em cada lista: 1º", enquanto a linha
    do tempo dizia "sai de todas as listas". A legenda diz agora de onde vêm as posições."""
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    nomear_edital(certame_homologado, rita)
    primeira = Nomeacao.objects.get(candidato__inscricao="1001")
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=primeira, data=date(2025, 8, 20), motivo="desistencia"
    )
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    saiu = client.get(url, {"inscricao": "1001"}).content.decode()
    assert "Desistente" in saiu
    assert "classificação homologada (antes da saída registrada abaixo)" in saiu
    espera = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "Posição em cada lista da classificação homologada</caption>" in espera


def test_cargo_pedido_num_documento_que_nao_se_abre_por_cargo(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A ordem de nomeação com ?cargo= de um cargo que existe dizia "Cargo desconhecido."."""
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    ordem = reverse("publico:documento", args=[pk, "ordem-de-nomeacao"])
    r = client.get(ordem, {"cargo": "PROF"})
    assert r.status_code == 404
    assert "não se abre por cargo" in r.content.decode()
    assert "Cargo desconhecido" not in r.content.decode()
    listas = reverse("publico:documento", args=[pk, "listas"])
    r = client.get(listas, {"cargo": "NAO-HA"})
    assert r.status_code == 404 and "Não há cargo NAO-HA neste certame." in r.content.decode()
    assert client.get(listas, {"cargo": "PROF"}).status_code == 200


def test_documentos_publicos_em_todo_formato(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    for doc in ("anexo-edital", "listas", "ordem-de-nomeacao"):
        r = client.get(reverse("publico:documento", args=[pk, doc]))
        assert r.status_code == 200
        sem_dados_sensiveis(r.content.decode())
        formatos = ["html", "csv", "xlsx"] + (["pdf"] if pdf_disponivel() else [])
        for formato in formatos:
            r = client.get(reverse("publico:baixar", args=[pk, doc, formato]))
            assert r.status_code == 200, (doc, formato)
            if formato in ("html", "csv"):
                sem_dados_sensiveis(r.content.decode("utf-8-sig"))
            if formato == "pdf":
                assert r["Content-Type"] == "application/pdf"
                assert r.content.startswith(b"%PDF")
    ordem = client.get(reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]))
    texto = ordem.content.decode()
    assert "<svg" in texto and "<desc" in texto  # o gráfico na página
    assert "Portaria nº 101/2025" in texto
    r = client.get(reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"]))
    assert r.status_code == 200 and "1006" in r.content.decode("utf-8-sig")
    assert client.get(reverse("publico:baixar", args=[pk, "listas", "exe"])).status_code == 404


def test_propostas_do_motor_nao_sao_publicadas(client: Any, certame_homologado: Any) -> None:
    # Edital ofertado, mas nenhuma portaria: a ordem publicada não tem nomeações.
    r = client.get(
        reverse(
            "publico:baixar_tabela", args=[certame_homologado.pk, "ordem-de-nomeacao", "nomeacoes"]
        )
    )
    linhas = r.content.decode("utf-8-sig").strip().splitlines()
    assert len(linhas) == 1  # só o cabeçalho


@pytest.mark.parametrize(
    ("login", "status"),
    [("rita", 200), ("carlos", 200), ("ana", 200), ("sem_papel", 403), (None, 302)],
)
def test_ata_so_para_quem_tem_papel(
    client: Any,
    sessao: Any,
    carlos: Any,
    rita: Any,
    ana: Any,
    sem_papel: Any,
    login: str | None,
    status: int,
) -> None:
    from .conftest import verificar_todos

    verificar_todos(sessao, carlos)
    usuarios = {"rita": rita, "carlos": carlos, "ana": ana, "sem_papel": sem_papel}
    if login:
        entrar(client, usuarios[login])
    r = client.get(reverse("publico:ata", args=[sessao.certame.pk, sessao.pk, "html"]))
    assert r.status_code == status
    if status == 200:
        texto = r.content.decode()
        assert "Ata da sessão da Comissão Avaliadora de Cotas nº 1" in texto
        assert "3 de 3 reconhecem" in texto and "Carlos" in texto


@pytest.fixture
def exemplo_homologado() -> Any:
    """O exemplo de Montenegro (3 cargos), homologado e com as vagas do edital ofertadas."""
    from io import StringIO

    from django.core.management import call_command

    from cotas_web.certames.models import Certame

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    return Certame.objects.get(nome="Concurso Público 01/2025")  # (o do cenário)


def _linhas_csv(conteudo: bytes) -> list[list[str]]:
    import csv
    import io

    return list(csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))


def _classificacao_do_cargo(client: Any, pk: int, cargo: str) -> list[list[str]]:
    """As linhas (sem o cabeçalho) do CSV das listas de um cargo, baixado da página pública."""
    url = reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"])
    return _linhas_csv(client.get(url, {"cargo": cargo}).content)[1:]


def test_listas_de_um_cargo(client: Any, exemplo_homologado: Any) -> None:
    """`?cargo=` publica só as listas daquele cargo, na página e em cada download."""
    pk = exemplo_homologado.pk
    url = reverse("publico:documento", args=[pk, "listas"])
    inteira = client.get(url)
    assert inteira.status_code == 200 and 'name="cargo"' in inteira.content.decode()
    r = client.get(url, {"cargo": "ENF"})
    texto = r.content.decode()
    assert r.status_code == 200
    assert "Listas de classificação — cargo ENF" in texto
    assert "?cargo=ENF" in texto  # os downloads são do mesmo cargo
    sem_dados_sensiveis(texto)
    r = client.get(
        reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"]), {"cargo": "ENF"}
    )
    assert r.status_code == 200 and r["Content-Disposition"].endswith('classificacao-ENF.csv"')
    cabecalho, *linhas = _linhas_csv(r.content)
    assert linhas and {linha[0] for linha in linhas} == {"ENF"}
    todas = _linhas_csv(
        client.get(reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"])).content
    )
    assert {linha[0] for linha in todas[1:]} == {"PROF-MAT", "ENF", "AGT-ADM"}
    assert cabecalho == todas[0]
    assert linhas == [linha for linha in todas[1:] if linha[0] == "ENF"]
    r = client.get(reverse("publico:baixar", args=[pk, "listas", "xlsx"]), {"cargo": "ENF"})
    assert r.status_code == 200 and r["Content-Disposition"].endswith('listas-ENF.xlsx"')
    # Cargo que não existe, ou num documento que não se publica por cargo: não encontrado.
    assert client.get(url, {"cargo": "NAO-HA"}).status_code == 404
    anexo = reverse("publico:documento", args=[pk, "anexo-edital"])
    assert client.get(anexo, {"cargo": "ENF"}).status_code == 404


def test_certame_grande_publica_as_listas_por_cargo(
    client: Any, exemplo_homologado: Any, settings: Any
) -> None:
    """Acima de `PUBLICO_LISTAS_INTEIRAS_ATE` inscrições, a lista inteira não é montada num
    pedido público: a página pede o cargo, e o download do inteiro é recusado com o mesmo aviso."""
    total = exemplo_homologado.candidatos.count()
    settings.PUBLICO_LISTAS_INTEIRAS_ATE = total - 1
    pk = exemplo_homologado.pk
    url = reverse("publico:documento", args=[pk, "listas"])
    r = client.get(url)
    texto = r.content.decode()
    assert r.status_code == 200
    assert f"Este certame tem {total} inscrições" in texto and "Escolha o cargo" in texto
    assert 'class="documento"' not in texto and "ENF — " in texto
    for pedido in (
        reverse("publico:baixar", args=[pk, "listas", "html"]),
        reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"]),
    ):
        recusado = client.get(pedido)
        assert recusado.status_code == 400 and "Escolha o cargo" in recusado.content.decode()
    assert client.get(url, {"cargo": "ENF"}).status_code == 200
    csv_enf = client.get(
        reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"]), {"cargo": "ENF"}
    )
    assert csv_enf.status_code == 200
    # Os outros documentos continuam inteiros.
    ordem = client.get(reverse("publico:documento", args=[pk, "ordem-de-nomeacao"]))
    assert ordem.status_code == 200
    settings.PUBLICO_LISTAS_INTEIRAS_ATE = total
    assert 'class="documento"' in client.get(url).content.decode()


def test_documentos_reencenam_so_quando_o_certame_muda(
    client: Any, certame_homologado: Any, rita: Any, monkeypatch: Any
) -> None:
    """As páginas públicas de documentos guardam o certame reencenado enquanto a versão (o
    último registro de auditoria) não muda: outro pedido não reencena; um ato novo, sim, e a
    página mostra o ato."""
    from cotas_web.ponte import reencenacao
    from cotas_web.publico import selectors

    reencenacoes: list[int] = []
    original = reencenacao.reencenar

    def contar(certame: Any) -> Any:
        reencenacoes.append(certame.pk)
        return original(certame)

    monkeypatch.setattr(reencenacao, "reencenar", contar)
    pk = certame_homologado.pk
    url = reverse("publico:documento", args=[pk, "ordem-de-nomeacao"])
    assert "Portaria nº 101/2025" not in client.get(url).content.decode()
    client.get(reverse("publico:documento", args=[pk, "listas"]))
    client.get(reverse("publico:baixar", args=[pk, "anexo-edital", "csv"]))
    assert len(reencenacoes) == 1
    primeira = selectors.fonte_publicada(certame=certame_homologado)
    assert selectors.fonte_publicada(certame=certame_homologado) is primeira
    monkeypatch.setattr(reencenacao, "reencenar", original)
    nomear_edital(certame_homologado, rita)  # cada portaria é um registro de auditoria
    monkeypatch.setattr(reencenacao, "reencenar", contar)
    assert "Portaria nº 101/2025" in client.get(url).content.decode()
    assert len(reencenacoes) == 2
    assert selectors.fonte_publicada(certame=certame_homologado) is not primeira


def test_documento_na_tela_em_paginas(client: Any, exemplo_homologado: Any, settings: Any) -> None:
    """Na tela, cada tabela em páginas de `PUBLICO_LINHAS_POR_PAGINA` linhas (o cargo de um
    concurso nacional tem dezenas de milhares de classificados); o download vem inteiro."""
    pk = exemplo_homologado.pk
    url = reverse("publico:documento", args=[pk, "listas"])
    inteiro = _classificacao_do_cargo(client, pk, "ENF")
    settings.PUBLICO_LINHAS_POR_PAGINA = 10
    paginas = -(-len(inteiro) // 10)
    assert paginas == 10
    primeira = client.get(url, {"cargo": "ENF"}).content.decode()
    assert f"página 1 de {paginas}" in primeira
    assert 'href="?cargo=ENF&amp;pagina=2">Próxima página' in primeira
    assert "Página anterior" not in primeira
    inscricao_11 = inteiro[10][3]  # a 11ª linha: só na segunda página
    assert f">{inscricao_11}<" not in primeira
    segunda = client.get(url, {"cargo": "ENF", "pagina": 2}).content.decode()
    assert f">{inscricao_11}<" in segunda and "Página anterior" in segunda
    ultima = client.get(url, {"cargo": "ENF", "pagina": 999}).content.decode()  # a última
    assert f"página {paginas} de {paginas}" in ultima and "Próxima página" not in ultima
    assert client.get(url, {"cargo": "ENF", "pagina": "x"}).status_code == 200
    assert _classificacao_do_cargo(client, pk, "ENF") == inteiro  # o download, inteiro
