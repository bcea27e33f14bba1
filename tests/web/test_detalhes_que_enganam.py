"""Detalhes da web que enganavam o usuário (issue 14, itens 12 a 15)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.urls import reverse

from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import nomeacao_confirmar, vagas_novas_ofertar

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _texto(resposta: Any) -> str:
    """O texto visível da página, sem marcação e com os espaços reduzidos."""
    html = resposta.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _confirmar_todas(certame: Any, rita: Any, dia: date = date(2025, 8, 3)) -> None:
    for p in propostas_do_motor(certame=certame):
        nomeacao_confirmar(
            usuario=rita,
            cargo=p.cargo,
            inscricao=p.inscricao,
            portaria=f"{100 + p.ordem}/2025",
            data_portaria=dia,
        )


# --- Item 12: vagas oferecidas até agora, por lote ------------------------------------------


def test_paginas_do_certame_mostram_as_vagas_oferecidas_por_lote(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    _confirmar_todas(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    vagas_novas_ofertar(
        usuario=rita,
        cargo=cargo,
        data=date(2025, 10, 1),
        quantidade=3,
        justificativa="Lei cria 3 cargos",
    )
    entrar(client, rita)
    for nome in ("certames:detalhe", "certames:publico"):
        texto = _texto(client.get(reverse(nome, args=[certame_homologado.pk])))
        assert "edital: 5" in texto, nome
        assert "novas vagas em 01/10/2025: 3" in texto, nome
        assert "total 8" in texto, nome
        # A reserva é a do motor sobre os dois lotes (a memória de cálculo o diz).
        assert "Vagas oferecidas: 8 (lotes: 5 + 3)." in texto, nome


# --- Item 13: na consulta pública de um certame grande, as posições verdadeiras ---------------


@pytest.fixture
def certame_grande(certame_mostardas: Any, rita: Any, tmp_path: Any) -> Any:
    """400 aprovados em PROF (5 vagas); um em cada quatro, negro pela reserva."""
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    from .conftest import csv_candidatos

    linhas = [
        (
            str(2000 + i),
            f"Pessoa {i}",
            f"{100000000 + i * 7919:09d}",
            "PROF",
            f"{900 - i}.0",
            "parda" if i % 4 == 0 else "branca",
            "sim" if i % 4 == 0 else "nao",
        )
        for i in range(1, 401)
    ]
    caminho = tmp_path / "grande.csv"
    caminho.write_text(csv_candidatos(linhas), encoding="utf-8")
    importacao_confirmar(
        usuario=rita, certame=certame_mostardas, caminho=caminho, nome_arquivo="grande.csv"
    )
    c = certame_homologar(usuario=rita, certame=certame_mostardas, data=date(2025, 8, 1))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2025, 8, 2))
    return c


def test_consulta_alem_da_projecao_diz_as_posicoes_e_que_a_conta_nao_foi_feita(
    client: Any, certame_grande: Any
) -> None:
    # 2380 é o 380º da lista geral e o 95º da lista de negros: além das 300 vagas projetadas.
    r = client.get(reverse("publico:consulta", args=[certame_grande.pk]), {"inscricao": "2380"})
    texto = _texto(r)
    assert r.status_code == 200
    assert "Mais de" not in texto and "mais de" not in texto
    assert "380º de 400 na lista de ampla concorrência" in texto
    assert "95º de 100 na lista de negros" in texto
    assert "não foi calculad" in texto
    assert "Nomeações que vêm antes da sua" not in texto  # nenhuma contagem parcial


def test_consulta_ao_alcance_da_projecao_continua_com_a_conta(
    client: Any, certame_grande: Any
) -> None:
    r = client.get(reverse("publico:consulta", args=[certame_grande.pk]), {"inscricao": "2010"})
    texto = _texto(r)
    assert "Nomeações que vêm antes da sua" in texto and "não foi calculad" not in texto


# --- Item 14: sessão da comissão, recursos e ata ----------------------------------------------


def _convocacao(inscricao: str) -> Any:
    from cotas_web.comissao.models import Convocacao

    return Convocacao.objects.get(candidato__inscricao=inscricao)


def _recurso_provido(sessao: Any, carlos: Any) -> None:
    """1006 reconhecido por unanimidade na sessão; recurso de terceiro provido em 28/07/2025."""
    from cotas_web.candidatos.models import Candidato
    from cotas_web.comissao.services import (
        recurso_decidir,
        recurso_interpor,
        verificacao_registrar,
    )

    membros = sessao.certame.membros_comissao.all()
    verificacao_registrar(
        usuario=carlos,
        convocacao=_convocacao("1006"),
        compareceu=True,
        votos={m.pk: True for m in membros},
    )
    recurso = recurso_interpor(
        usuario=carlos,
        candidato=Candidato.objects.get(inscricao="1006"),
        recorrente="terceiro",
        recorrente_nome="Fabio Branco",
        razoes="fenótipo",
        data=date(2025, 7, 25),
    )
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="reexame das imagens",
        data=date(2025, 7, 28),
    )


def test_pagina_da_sessao_diz_que_o_resultado_mudou_em_recurso(
    client: Any, sessao: Any, carlos: Any
) -> None:
    _recurso_provido(sessao, carlos)
    texto = _texto(
        entrar(client, carlos).get(reverse("comissao:sessao", args=[sessao.certame.pk, sessao.pk]))
    )
    linha = texto[texto.index("1006") : texto.index("1007")]
    assert "Confirmado pela comissão" in linha  # o resultado da sessão, ao lado dos votos
    assert "alterado em recurso" in linha and "28/07/2025" in linha and "Provido" in linha
    assert "Não confirmado" in linha  # o parecer depois do recurso


def test_recurso_vai_no_registro_dos_recursos_com_as_datas_nao_na_ata(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """O recurso, posterior à sessão, não entra na ata: vai no registro dos recursos, com quem
    recorre, a data de interposição, a decisão, a data dela e o parecer final (tela e CSV)."""
    _recurso_provido(sessao, carlos)
    c = entrar(client, carlos)
    ata = _texto(c.get(reverse("comissao:ata", args=[sessao.certame.pk, sessao.pk])))
    assert "Fabio Branco" not in ata and "reexame das imagens" not in ata
    texto = _texto(c.get(reverse("comissao:recursos", args=[sessao.certame.pk])))
    assert "Outro candidato: Fabio Branco" in texto and "reexame das imagens" in texto
    linha = texto[texto.index("1006") :]
    assert "20/07/2025" in linha  # a sessão do parecer recorrido
    assert "25/07/2025" in linha and "28/07/2025" in linha  # interposto, decidido
    assert "Provido" in linha and "Não confirmado" in linha
    csv = c.get(reverse("publico:recursos", args=[sessao.certame.pk, "csv"]))
    conteudo = b"".join(csv.streaming_content if csv.streaming else [csv.content]).decode()
    cabecalho, linha_csv = conteudo.splitlines()[0], conteudo.splitlines()[1]
    assert "Interposto em" in cabecalho and "Decidido em" in cabecalho
    assert "Resultado final" in cabecalho
    assert "25/07/2025" in linha_csv and "28/07/2025" in linha_csv
    assert "Não reconhecido" in linha_csv


def test_ata_nao_diz_que_filmou_quem_recusou_a_filmagem(
    client: Any, sessao: Any, carlos: Any
) -> None:
    from cotas.documentos.ata import ata_sessao
    from cotas.documentos.pagina import fragmento_html
    from cotas_web.comissao.services import verificacao_registrar
    from cotas_web.publico.selectors import ata_da_sessao

    verificacao_registrar(
        usuario=carlos, convocacao=_convocacao("1006"), compareceu=True, recusou_filmagem=True
    )
    tela = _texto(
        entrar(client, carlos).get(reverse("comissao:ata", args=[sessao.certame.pk, sessao.pk]))
    )
    documento = re.sub(r"<[^>]+>", " ", fragmento_html(ata_sessao(ata_da_sessao(sessao=sessao))))
    convocados = sessao.convocacoes.count()
    for texto in (tela, documento):
        assert "A sessão foi filmada" not in texto
        assert f"0 gravações enviadas de {convocados} convocados" in " ".join(texto.split())
        assert "recusaram a filmagem: inscrição 1006" in texto


def test_ausente_com_votos_e_recusado_com_mensagem_clara(
    client: Any, sessao: Any, carlos: Any
) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.comissao.services import verificacao_registrar

    membros = list(sessao.certame.membros_comissao.all())
    with pytest.raises(ValidationError, match="ausente não pode ter votos"):
        verificacao_registrar(
            usuario=carlos,
            convocacao=_convocacao("1006"),
            compareceu=False,
            votos={m.pk: True for m in membros},
        )
    assert _convocacao("1006").resultado == ""
    conv = _convocacao("1007")
    r = entrar(client, carlos).post(
        reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk]),
        {f"voto_{m.pk}": "nao" for m in membros},  # "Compareceu" desmarcado, com votos
    )
    assert r.status_code == 200 and "ausente não pode ter votos" in _texto(r)
    assert _convocacao("1007").resultado == ""


# --- Item 15: datas dos atos, número da portaria, códigos internos, 404 -----------------------


def test_painel_nao_sugere_data_depois_da_validade(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.certames.models import Certame

    _confirmar_todas(certame_homologado, rita, date(2025, 8, 3))
    # A validade já terminou (o relógio do servidor está depois dela).
    Certame.objects.filter(pk=certame_homologado.pk).update(validade_ate=date(2025, 12, 31))
    html = (
        entrar(client, rita)
        .get(reverse("nomeacoes:painel", args=[certame_homologado.pk]))
        .content.decode()
    )
    # Nenhuma data preenchida (issue 21): nem hoje, nem a do último ato; a data do ato é a do
    # documento, que o operador digita (tests/web/test_formularios_dos_atos.py).
    assert 'value="2025-08-03"' not in html
    from django.utils import timezone

    assert f'value="{timezone.localdate():%Y-%m-%d}"' not in html


def test_datas_fora_do_periodo_recusadas_nomeando_as_datas(
    certame_homologado: Any, rita: Any
) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.services import candidato_registrar_desistencia

    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match=r"homologação.*01/08/2025"):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="1/2025",
            data_portaria=date(2025, 7, 30),
        )
    with pytest.raises(ValidationError, match=r"homologação.*01/08/2025"):
        vagas_novas_ofertar(
            usuario=rita, cargo=cargo, data=date(2025, 7, 30), quantidade=1, justificativa="x"
        )
    with pytest.raises(ValidationError, match=r"10/06/2027"):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="1/2027",
            data_portaria=date(2027, 6, 11),
        )
    with pytest.raises(ValidationError, match=r"edital.*10/06/2025"):
        candidato_registrar_desistencia(
            usuario=rita, candidato=Candidato.objects.get(inscricao="1008"), data=date(2025, 6, 1)
        )


def test_ato_com_data_anterior_a_outro_ja_registrado_e_recusado(
    certame_homologado: Any, rita: Any
) -> None:
    """Novas vagas com data anterior a uma desistência já registrada refariam, pela data, a
    substituição já publicada por portaria: recusadas, com as duas datas (antes, aceitas, e a
    ordem pública mudava em silêncio)."""
    from django.core.exceptions import ValidationError

    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.services import candidato_registrar_desistencia

    cargo = certame_homologado.cargos.get()
    candidato_registrar_desistencia(
        usuario=rita, candidato=Candidato.objects.get(inscricao="1008"), data=date(2025, 9, 10)
    )
    with pytest.raises(ValidationError, match=r"01/09/2025.*10/09/2025"):
        vagas_novas_ofertar(
            usuario=rita, cargo=cargo, data=date(2025, 9, 1), quantidade=1, justificativa="x"
        )
    # No mesmo dia ou depois, aceitas.
    vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=date(2025, 9, 10), quantidade=1, justificativa="x"
    )


def test_posse_posterior_nao_impede_saida_de_data_anterior(
    certame_homologado: Any, rita: Any
) -> None:
    """A posse não muda a ordem de nomeação: uma desistência registrada depois, com data anterior
    à posse de outro nomeado, é aceita (só os atos que a reencenação reordena contam)."""
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import (
        nomeacao_registrar_desistencia,
        nomeacao_registrar_posse,
    )

    for i, p in enumerate(propostas_do_motor(certame=certame_homologado)[:2], start=1):
        nomeacao_confirmar(
            usuario=rita,
            cargo=p.cargo,
            inscricao=p.inscricao,
            portaria=f"{i}/2025",
            data_portaria=date(2025, 8, 3),
        )
    primeira, segunda = Nomeacao.objects.order_by("pk")[:2]
    nomeacao_registrar_posse(usuario=rita, nomeacao=primeira, data=date(2025, 9, 20))
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=segunda, data=date(2025, 9, 10), motivo="desistencia"
    )
    segunda.refresh_from_db()
    assert segunda.situacao == "desistente"


@pytest.mark.parametrize(
    "digitado",
    [
        "Portaria 101/2024",
        "Portaria nº 101/2024",
        "PORTARIA N.º 101/2024",
        "nº 101/2024",
        "101/2024",
        " Portaria n° 101/2024 ",
    ],
)
def test_numero_da_portaria_com_ou_sem_prefixo(
    client: Any, certame_homologado: Any, rita: Any, digitado: str
) -> None:
    from cotas_web.auditoria.models import Registro

    cargo = certame_homologado.cargos.get()
    ato = nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="1001",
        portaria=digitado,
        data_portaria=date(2025, 8, 3),
    )
    assert ato.portaria == "101/2024"
    registro = Registro.objects.filter(acao="nomeacao").get()
    assert "Portaria nº 101/2024" in registro.descricao
    texto = _texto(
        client.get(reverse("publico:consulta", args=[certame_homologado.pk]), {"inscricao": "1001"})
    )
    assert "Portaria nº 101/2024" in texto and texto.count("Portaria") == texto.count(
        "Portaria nº 101/2024"
    )


def test_portaria_so_com_o_prefixo_e_recusada(certame_homologado: Any, rita: Any) -> None:
    from django.core.exceptions import ValidationError

    cargo = certame_homologado.cargos.get()
    with pytest.raises(ValidationError, match="número da portaria"):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao="1001",
            portaria="Portaria nº",
            data_portaria=date(2025, 8, 3),
        )


CODIGO = re.compile(r"\b[a-z]+_[a-z_]+\b")


def test_paginas_sem_codigos_internos(client: Any, certame_homologado: Any, rita: Any) -> None:
    from cotas_web.certames.models import Certame

    Certame.objects.filter(pk=certame_homologado.pk).update(
        desempate=[["nota_conhecimentos_especificos", "maior"], ["nota_portugues", "maior"]]
    )
    _confirmar_todas(certame_homologado, rita)
    entrar(client, rita)
    pk = certame_homologado.pk
    for url in (
        reverse("certames:detalhe", args=[pk]),
        reverse("certames:publico", args=[pk]),
        reverse("nomeacoes:painel", args=[pk]),
        reverse("certames:novo"),
    ):
        texto = _texto(client.get(url))
        assert not CODIGO.findall(texto), (url, CODIGO.findall(texto))
    texto = _texto(client.get(reverse("certames:detalhe", args=[pk])))
    assert "Nota de conhecimentos específicos" in texto and "Nota de português" in texto
    assert "arredonda para cima" in texto  # meio_para_cima, por extenso
    assert "os grupos da lei primeiro, depois PcD" in texto  # a sigla intacta no meio da frase


def test_rotulo_das_colunas_de_desempate() -> None:
    from cotas_web.rotulos import rotulo_da_coluna

    assert rotulo_da_coluna("nota_conhecimentos_especificos") == (
        "Nota de conhecimentos específicos"
    )
    assert rotulo_da_coluna("nota_portugues") == "Nota de português"
    assert rotulo_da_coluna("nota_objetiva") == "Nota objetiva"
    assert rotulo_da_coluna("idade") == "Idade"


@pytest.mark.lento
@pytest.mark.banco_proprio  # (o SQLite num arquivo: DATABASE_URL própria)
def test_make_run_mostra_a_pagina_404_em_portugues(tmp_path: Any) -> None:
    """`scripts/web.sh` (o `make run`) sobe a demonstração sem a página técnica do Django em
    inglês, e com os arquivos estáticos servidos."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request
    from pathlib import Path

    raiz = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        porta = s.getsockname()[1]
    ambiente = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    ambiente["DATABASE_URL"] = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    ambiente["PYTHON_VENV"] = str(Path(sys.executable))
    processo = subprocess.Popen(
        ["bash", str(raiz / "scripts" / "web.sh"), str(porta)],
        cwd=raiz,
        env=ambiente,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{porta}"

    def pedir(caminho: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(base + caminho, timeout=10) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as erro:
            return erro.code, erro.read().decode()

    try:
        for _ in range(240):
            try:
                if pedir("/")[0] == 200:
                    break
            except OSError:
                time.sleep(0.5)
        status, html = pedir("/nao-existe/")
        assert status == 404
        assert "Página não encontrada" in html and "Page not found" not in html
        assert "DEBUG = True" not in html
        assert pedir("/static/cotas.css")[0] == 200
    finally:
        os.killpg(processo.pid, signal.SIGTERM)
        processo.wait(timeout=30)


def test_pagina_404_sem_nome_de_excecao_nem_ingles(client: Any, rita: Any) -> None:
    for url in ("/nao-existe/", "/certames/99999/", "/publico/certames/99999/"):
        entrar(client, rita)
        r = client.get(url)
        texto = _texto(r)
        assert r.status_code == 404, url
        assert "Página não encontrada" in texto, url
        assert "Resolver404" not in texto and "matches the given query" not in texto, url
        assert "O endereço pedido não existe ou não está publicado." in texto, url


def test_homologacao_fora_do_periodo_recusada_com_as_datas(
    sessao: Any, carlos: Any, rita: Any
) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.certames.services import certame_homologar

    from .conftest import verificar_todos

    verificar_todos(sessao, carlos)
    with pytest.raises(ValidationError, match=r"anterior ao edital, de 10/06/2025"):
        certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 6, 1))
    with pytest.raises(ValidationError, match=r"terminou em 10/06/2027"):
        certame_homologar(usuario=rita, certame=sessao.certame, data=date(2027, 7, 1))


def test_homologacao_so_aparece_com_candidatos_importados(
    client: Any, certame: Any, rita: Any
) -> None:
    """Um certame recém-criado, sem candidatos, não oferece o botão de homologar (que congelaria
    listas vazias): diz o que vem antes, com o caminho da importação."""
    entrar(client, rita)
    html = client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    assert "Homologar a classificação final" not in html
    assert 'id="homologacao-depois"' in html
    assert reverse("candidatos:importar", args=[certame.pk]) in html
