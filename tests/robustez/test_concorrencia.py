"""Cada ato decidido uma vez, sob a trava do certame: 10 pedidos simultâneos, um efeito.

Regra dos fundadores: toda mudança de estado na aplicação é decidida uma vez, sob a sua trava, e
registrada. Aqui cada tipo de ato recebe 10 pedidos ao mesmo tempo (threads soltas juntas por uma
barreira, cada uma com a sua conexão ao banco, como os processos do gunicorn): exatamente um
efeito, um registro de auditoria, e nenhuma exceção além da recusa clara (ValidationError; pela
tela, nenhum 500). Feitos para o PostgreSQL (`DATABASE_URL` de scripts/postgres.sh); no SQLite
rodam também, onde a transação inteira já é exclusiva (BEGIN IMMEDIATE).
"""

# ruff: noqa: B008
# (F811: as fixtures partilhadas de tests/web entram por import e voltam como parâmetros;
#  B008: `lambda c=lido(x)` lê a cópia de cada pedido ANTES da barreira, de propósito.)
from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.candidatos import services as candidatos
from cotas_web.candidatos.models import Candidato, Importacao, ProcedimentoFraude
from cotas_web.certames import services as certames
from cotas_web.certames.models import Cargo, Certame
from cotas_web.comissao import services as comissao
from cotas_web.comissao.models import Convocacao, Membro, Recurso, Sessao, Voto
from cotas_web.nomeacoes import services as nomeacoes
from cotas_web.nomeacoes.models import Desistencia, Nomeacao, OfertaVagas
from cotas_web.nomeacoes.selectors import propostas_do_motor
from tests.web.conftest import (  # noqa: F401  (fixtures partilhadas)
    ana,
    arquivo_csv,
    carlos,
    certame,
    certame_com_candidatos,
    certame_homologado,
    comissao_composta,
    rita,
    sessao,
    verificar_todos,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _banco_que_espera_a_vez() -> None:
    """No SQLite em memória (o banco de teste padrão) a escrita concorrente falha na hora em vez
    de esperar a vez: a corrida só se reproduz no PostgreSQL ou no SQLite em arquivo."""
    sqlite = connection.vendor == "sqlite"  # (is_in_memory_db: só a conexão do SQLite o tem)
    if sqlite and connection.is_in_memory_db():  # type: ignore[attr-defined]
        pytest.skip(
            "SQLite em memória não espera a vez; rode no PostgreSQL (scripts/postgres.sh) ou "
            "com DJANGO_SETTINGS_MODULE=tests.robustez.sqlite_em_arquivo"
        )


N = 10


def simultaneos(acoes: list[Callable[..., Any]]) -> list[Any]:
    """Corre cada ação na sua thread (a sua conexão), todas soltas juntas por uma barreira;
    devolve o resultado ou a exceção de cada uma. (Cada ação é chamada sem argumentos: as
    `lambda` prendem os seus valores em argumentos com padrão, que o mypy não casa com
    `Callable[[], Any]`.)"""
    barreira = threading.Barrier(len(acoes))
    resultados: list[Any] = [None] * len(acoes)

    def correr(i: int, acao: Callable[..., Any]) -> None:
        try:
            barreira.wait()
            resultados[i] = acao()
        except BaseException as erro:  # (a exceção é o que o teste confere)
            resultados[i] = erro
        finally:
            connection.close()

    threads = [threading.Thread(target=correr, args=(i, a)) for i, a in enumerate(acoes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return resultados


def lido(obj: Any) -> Any:
    """Uma cópia do objeto lida do banco agora, como cada pedido lê a sua antes do ato (um objeto
    partilhado entre as threads esconderia a corrida: a primeira o mudaria para as outras)."""
    return type(obj)._default_manager.get(pk=obj.pk)


def recusas(resultados: list[Any]) -> list[ValidationError]:
    """As recusas claras; qualquer outra exceção (IntegrityError, impasse, 500) falha o teste."""
    inesperadas = [
        r for r in resultados if isinstance(r, BaseException) and not isinstance(r, ValidationError)
    ]
    assert not inesperadas, inesperadas
    return [r for r in resultados if isinstance(r, ValidationError)]


def aceitos(resultados: list[Any]) -> list[Any]:
    return [r for r in resultados if not isinstance(r, BaseException)]


def registros(acao: str) -> int:
    return Registro.objects.filter(acao=acao).count()


def _candidato(inscricao: str) -> Candidato:
    return Candidato.objects.get(inscricao=inscricao)


# --- Procedimento por declaração falsa --------------------------------------------------------


@pytest.fixture
def procedimento_com_defesa(certame_homologado: Any, rita: Any) -> ProcedimentoFraude:
    proc = candidatos.fraude_abrir(
        usuario=rita, candidato=_candidato("1006"), data=date(2025, 9, 1), motivo="denúncia"
    )
    return candidatos.fraude_registrar_defesa(
        usuario=rita, procedimento=proc, data=date(2025, 9, 2), defesa="Sou preta."
    )


def test_fraude_decidida_uma_vez(procedimento_com_defesa: Any, rita: Any) -> None:
    """Metade pede falsidade, metade improcedência: vale só a primeira, e o procedimento e a
    inscrição dizem a mesma coisa."""
    proc = procedimento_com_defesa
    resultados = simultaneos(
        [
            lambda d=d, p=lido(proc): candidatos.fraude_decidir(
                usuario=rita,
                procedimento=p,
                data=date(2025, 9, 3),
                decisao=d,
                fundamentacao="x",
                autoridade="Prefeito",
            )
            for d in ["falsidade", "improcedente"] * (N // 2)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foi decidido" in str(r) for r in recusas(resultados))
    proc.refresh_from_db()
    anulada = _candidato("1006").anulado_em is not None
    assert anulada == (proc.decisao == "falsidade")
    assert registros("fraude_decidido") == 1


def test_fraude_aberta_uma_vez(certame_homologado: Any, rita: Any) -> None:
    nadia = _candidato("1006")
    resultados = simultaneos(
        [
            lambda c=lido(nadia): candidatos.fraude_abrir(
                usuario=rita, candidato=c, data=date(2025, 9, 1), motivo="denúncia"
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1 and len(recusas(resultados)) == N - 1
    assert ProcedimentoFraude.objects.count() == 1
    assert registros("fraude_aberto") == 1


def test_fraude_encaminhada_uma_vez(procedimento_com_defesa: Any, rita: Any) -> None:
    proc = procedimento_com_defesa
    resultados = simultaneos(
        [
            lambda i=i, p=lido(proc): candidatos.fraude_encaminhar(
                usuario=rita, procedimento=p, data=date(2025, 9, 4), orgao=f"Órgão {i}"
            )
            for i in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foi encaminhada" in str(r) for r in recusas(resultados))
    assert registros("fraude_encaminhado") == 1


def test_importacao_confirmada_uma_vez(certame: Any, rita: Any, arquivo_csv: Path) -> None:
    resultados = simultaneos(
        [
            lambda c=lido(certame): candidatos.importacao_confirmar(
                usuario=rita, certame=c, caminho=arquivo_csv, nome_arquivo="r.csv"
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert len(recusas(resultados)) == N - 1
    assert Importacao.objects.count() == 1 and Candidato.objects.count() == 8


# --- Certame ----------------------------------------------------------------------------------


def test_certame_criado_uma_vez_por_formulario(rita: Any) -> None:
    token = uuid.uuid4().hex
    resultados = simultaneos(
        [
            lambda: certames.certame_criar(
                usuario=rita,
                nome="Concurso 02/2025",
                municipio="Montenegro/RS",
                data_edital=date(2025, 6, 10),
                tipo="concurso_publico",
                token=token,
            )
        ]
        * N
    )
    assert not recusas(resultados)
    assert Certame.objects.count() == 1
    assert {c.pk for c in aceitos(resultados)} == {Certame.objects.get().pk}
    assert registros("certame_criado") == 1


def test_cargo_adicionado_uma_vez(certame: Any, rita: Any) -> None:
    resultados = simultaneos(
        [
            lambda c=lido(certame): certames.cargo_adicionar(
                usuario=rita, certame=c, codigo="ENF", nome="Enfermeiro", vagas_edital=3
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("Já existe o cargo ENF" in str(r) for r in recusas(resultados))
    assert Cargo.objects.filter(codigo="ENF").count() == 1


def test_homologacao_uma_vez(sessao: Any, carlos: Any, rita: Any) -> None:
    verificar_todos(sessao, carlos)
    resultados = simultaneos(
        [
            lambda c=lido(sessao.certame): certames.certame_homologar(
                usuario=rita, certame=c, data=date(2025, 8, 1)
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foi homologado" in str(r) for r in recusas(resultados))
    assert registros("certame_homologado") == 1


# --- Comissão ---------------------------------------------------------------------------------


def test_comissao_nao_passa_de_tres(certame_com_candidatos: Any, rita: Any) -> None:
    resultados = simultaneos(
        [
            lambda i=i, c=lido(certame_com_candidatos): comissao.membro_adicionar(
                usuario=rita,
                certame=c,
                nome=f"Membro {i}",
                genero="feminino",
                cor_raca="parda",
            )
            for i in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 3
    assert len(recusas(resultados)) == N - 3
    assert Membro.objects.count() == 3 and registros("comissao_membro") == 3


def test_membro_incluido_uma_vez_por_formulario(certame_com_candidatos: Any, rita: Any) -> None:
    token = uuid.uuid4().hex
    resultados = simultaneos(
        [
            lambda: comissao.membro_adicionar(
                usuario=rita,
                certame=certame_com_candidatos,
                nome="Marta",
                genero="feminino",
                cor_raca="parda",
                token=token,
            )
        ]
        * N
    )
    assert not recusas(resultados)
    assert Membro.objects.count() == 1 and registros("comissao_membro") == 1


def test_sessao_marcada_uma_vez_por_formulario(comissao_composta: Any, carlos: Any) -> None:
    token = uuid.uuid4().hex
    resultados = simultaneos(
        [
            lambda: comissao.sessao_criar(
                usuario=carlos,
                certame=comissao_composta,
                data=date(2025, 7, 20),
                local="Prefeitura",
                token=token,
            )
        ]
        * N
    )
    assert not recusas(resultados)
    assert Sessao.objects.count() == 1
    assert {s.pk for s in aceitos(resultados)} == {Sessao.objects.get().pk}
    assert registros("comissao_sessao") == 1


def test_convocacao_uma_vez_entre_duas_sessoes(comissao_composta: Any, carlos: Any) -> None:
    """Dois pedidos de convocação (em duas sessões) ao mesmo tempo: cada candidato numa só."""
    s1, s2 = (
        comissao.sessao_criar(
            usuario=carlos, certame=comissao_composta, data=date(2025, 7, d), local="Sala"
        )
        for d in (20, 21)
    )
    resultados = simultaneos(
        [
            lambda s=lido(s): comissao.candidatos_convocar(usuario=carlos, sessao=s)
            for s in [s1, s2] * (N // 2)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("Não há candidatos a convocar" in str(r) for r in recusas(resultados))
    convocados = list(Convocacao.objects.values_list("candidato_id", flat=True))
    assert len(convocados) == len(set(convocados)) == 3
    assert registros("comissao_convocacao") == 1


def test_verificacao_registrada_uma_vez_pela_tela(sessao: Any, carlos: Any) -> None:
    """O mesmo formulário de verificação enviado 10 vezes ao mesmo tempo: um registro, nenhum
    500 (o cliente de teste levanta a exceção de um erro do servidor)."""
    conv = sessao.convocacoes.get(candidato__inscricao="1006")
    membros = list(sessao.certame.membros_comissao.all())
    url = reverse("comissao:verificacao", args=[sessao.certame.pk, conv.pk])
    dados = {"compareceu": "on", **{f"voto_{m.pk}": "sim" for m in membros}}
    clientes = []
    for _ in range(N):
        cliente = Client()
        cliente.force_login(carlos)
        clientes.append(cliente)
    resultados = simultaneos([lambda c=c: c.post(url, dados) for c in clientes])
    recusas(resultados)
    assert all(r.status_code in (200, 302) for r in resultados)
    assert Voto.objects.filter(convocacao=conv).count() == len(membros)
    assert registros("comissao_verificacao") == 1


@pytest.fixture
def parecer(sessao: Any, carlos: Any) -> Any:
    verificar_todos(sessao, carlos)
    return _candidato("1006")


def _recorrer(parecer: Any, carlos: Any, token: str) -> Callable[[], Any]:
    """O recurso de Fabio contra o parecer, enviado pelo formulário de código `token`."""
    return lambda: comissao.recurso_interpor(
        usuario=carlos,
        candidato=parecer,
        recorrente="terceiro",
        recorrente_nome="Fabio",
        razoes="fenótipo",
        data=date(2025, 7, 25),
        token=token,
    )


def test_recurso_interposto_uma_vez_por_formulario(parecer: Any, carlos: Any) -> None:
    resultados = simultaneos([_recorrer(parecer, carlos, uuid.uuid4().hex)] * N)
    assert not recusas(resultados)
    assert Recurso.objects.count() == 1 and registros("comissao_recurso") == 1


def test_o_mesmo_recurso_de_formularios_diferentes_uma_vez(parecer: Any, carlos: Any) -> None:
    """O mesmo recorrente contra o mesmo parecer, de 10 formulários (cada um com o seu código):
    um recurso pendente, nove recusas que dizem qual já espera decisão."""
    resultados = simultaneos([_recorrer(parecer, carlos, uuid.uuid4().hex) for _ in range(N)])
    recusadas = recusas(resultados)
    assert len(recusadas) == N - 1
    assert all("Fabio já recorreu do parecer da inscrição 1006" in str(r) for r in recusadas)
    assert Recurso.objects.count() == 1 and registros("comissao_recurso") == 1


def test_recurso_decidido_uma_vez(parecer: Any, carlos: Any) -> None:
    """Metade dá provimento (muda o parecer), metade nega: vale só a primeira decisão, e o
    parecer do candidato é o que ela diz."""
    recurso = _recorrer(parecer, carlos, "")()
    resultados = simultaneos(
        [
            lambda d=d, r=lido(recurso): comissao.recurso_decidir(
                usuario=carlos,
                recurso=r,
                decisao=d,
                resultado_final="nao_confirmado",
                fundamentacao="x",
                data=date(2025, 7, 28),
            )
            for d in ["provido", "improvido"] * (N // 2)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foi decidido" in str(r) for r in recusas(resultados))
    recurso.refresh_from_db()
    assert _candidato("1006").verificacao("negros") == recurso.resultado_final
    assert registros("comissao_recurso_decidido") == 1


# --- Nomeações --------------------------------------------------------------------------------


def test_vagas_do_edital_ofertadas_uma_vez(sessao: Any, carlos: Any, rita: Any) -> None:
    verificar_todos(sessao, carlos)
    c = certames.certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 8, 1))
    resultados = simultaneos(
        [
            lambda c=lido(c): nomeacoes.vagas_edital_ofertar(
                usuario=rita, certame=c, data=date(2025, 8, 2)
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foram ofertadas" in str(r) for r in recusas(resultados))
    assert OfertaVagas.objects.count() == 1


def test_novas_vagas_uma_vez_pela_tela(certame_homologado: Any, rita: Any) -> None:
    """Dez envios idênticos do formulário de novas vagas: uma oferta."""
    cargo = certame_homologado.cargos.get()
    url = reverse("nomeacoes:novas_vagas", args=[certame_homologado.pk])
    pagina = Client()
    pagina.force_login(rita)
    form = pagina.get(reverse("nomeacoes:painel", args=[certame_homologado.pk])).context[
        "novas_form"
    ]
    dados = {
        "cargo": cargo.pk,
        "data": "2025-09-01",
        "quantidade": "2",
        "justificativa": "Lei municipal nova",
        "pedido": form.initial["pedido"],
        "confirmar": "1",  # o ato não se desfaz: a tela pergunta antes, e este é o "confirmar"
    }
    clientes = []
    for _ in range(N):
        cliente = Client()
        cliente.force_login(rita)
        clientes.append(cliente)
    resultados = simultaneos([lambda c=c: c.post(url, dados) for c in clientes])
    recusas(resultados)
    assert all(r.status_code == 302 for r in resultados)
    assert OfertaVagas.objects.filter(do_edital=False).count() == 1
    assert registros("vagas_novas") == 1
    # Sem o código do formulário (vazio ou ausente): nada é criado, todos ouvem por quê (antes,
    # dez envios com o código vazio criavam dez ofertas; issue 23).
    for sem_codigo in ({**dados, "pedido": ""}, {k: v for k, v in dados.items() if k != "pedido"}):
        resultados = simultaneos(
            [lambda c=c, d=sem_codigo: c.post(url, d, follow=True) for c in clientes]
        )
        recusas(resultados)
        assert all(r.status_code == 200 for r in resultados)
        assert all(
            "O formulário expirou; abra a página de novo." in r.content.decode() for r in resultados
        )
        assert OfertaVagas.objects.filter(do_edital=False).count() == 1
        assert registros("vagas_novas") == 1


def test_nomeacao_confirmada_uma_vez(certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    primeira = propostas_do_motor(certame=certame_homologado)[0]
    resultados = simultaneos(
        [
            lambda c=lido(cargo): nomeacoes.nomeacao_confirmar(
                usuario=rita,
                cargo=c,
                inscricao=primeira.inscricao,
                portaria="101/2025",
                data_portaria=date(2025, 8, 3),
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1 and len(recusas(resultados)) == N - 1
    assert Nomeacao.objects.count() == 1 and registros("nomeacao") == 1


@pytest.fixture
def nomeada(certame_homologado: Any, rita: Any) -> Nomeacao:
    cargo = certame_homologado.cargos.get()
    primeira = propostas_do_motor(certame=certame_homologado)[0]
    return nomeacoes.nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao=primeira.inscricao,
        portaria="101/2025",
        data_portaria=date(2025, 8, 3),
    )


@pytest.mark.parametrize(
    ("ato", "acao"),
    [
        (
            lambda u, n: nomeacoes.nomeacao_registrar_posse(
                usuario=u, nomeacao=n, data=date(2025, 8, 10)
            ),
            "posse",
        ),
        (
            lambda u, n: nomeacoes.nomeacao_registrar_desistencia(
                usuario=u, nomeacao=n, data=date(2025, 8, 10), motivo="desistencia"
            ),
            "desistencia",
        ),
        (
            lambda u, n: nomeacoes.nomeacao_final_de_fila(
                usuario=u, nomeacao=n, data=date(2025, 8, 10)
            ),
            "final_de_fila",
        ),
    ],
    ids=["posse", "desistencia", "final_de_fila"],
)
def test_ato_sobre_a_nomeacao_uma_vez(
    nomeada: Nomeacao, rita: Any, ato: Callable[[Any, Any], Any], acao: str
) -> None:
    if acao == "final_de_fila":  # (o edital deste certame passa a admiti-lo)
        Certame.objects.update(admite_final_de_fila=True)
    resultados = simultaneos([lambda n=lido(nomeada): ato(rita, n) for _ in range(N)])
    assert len(aceitos(resultados)) == 1 and len(recusas(resultados)) == N - 1
    assert registros(acao) == 1


def test_desistencia_de_quem_nao_foi_nomeado_uma_vez(certame_homologado: Any, rita: Any) -> None:
    fabio = _candidato("1008")
    resultados = simultaneos(
        [
            lambda c=lido(fabio): nomeacoes.candidato_registrar_desistencia(
                usuario=rita, candidato=c, data=date(2025, 8, 10)
            )
            for _ in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já saiu das listas" in str(r) for r in recusas(resultados))
    assert Desistencia.objects.count() == 1


def test_nomeacoes_em_lote_uma_vez(certame_homologado: Any, rita: Any) -> None:
    """Dez lotes de 3 ao mesmo tempo num cargo de 5 vagas, cada um com o seu formulário: o
    primeiro nomeia 3; os outros encontram só 2 propostas e são recusados."""
    cargo = certame_homologado.cargos.get()
    resultados = simultaneos(
        [
            lambda c=lido(cargo), k=k: nomeacoes.nomeacoes_confirmar_em_lote(
                usuario=rita,
                cargo=c,
                quantidade=3,
                portaria="201/2025",
                data_portaria=date(2025, 8, 3),
                token=f"lote-{k}",
            )
            for k in range(N)
        ]
    )
    assert len(aceitos(resultados)) == 1 and len(recusas(resultados)) == N - 1
    assert Nomeacao.objects.count() == 3 and registros("nomeacao") == 3


def test_nomeacoes_em_lote_do_mesmo_formulario_uma_vez(certame_homologado: Any, rita: Any) -> None:
    """O mesmo formulário enviado dez vezes ao mesmo tempo: um lote, os outros o reencontram."""
    cargo = certame_homologado.cargos.get()
    resultados = simultaneos(
        [
            lambda c=lido(cargo): nomeacoes.nomeacoes_confirmar_em_lote(
                usuario=rita,
                cargo=c,
                quantidade=2,
                portaria="201/2025",
                data_portaria=date(2025, 8, 3),
                token="lote-unico",
            )
            for _ in range(N)
        ]
    )
    assert not recusas(resultados)
    assert Nomeacao.objects.count() == 2 and registros("nomeacao") == 2
