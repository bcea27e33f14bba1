"""O registro completo da comissão (issue 21, item 5): a ata fechada no encerramento e nunca
mudada, o parecer escrito, as gravações contadas, a convocação parcial, o registro em lote e as
páginas públicas de convocação e de resultado preliminar com o prazo do recurso."""

from __future__ import annotations

import re
import threading
from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.candidatos.models import Candidato
from cotas_web.comissao.models import Convocacao, Sessao
from cotas_web.comissao.services import (
    FatosVerificacao,
    candidatos_convocar,
    gravacao_anexar,
    parecer_tornar_sem_efeito,
    recurso_decidir,
    recurso_interpor,
    sessao_criar,
    sessao_encerrar,
    verificacao_registrar,
    verificacoes_registrar_em_lote,
)

from .conftest import entrar

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def _texto(resposta: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", resposta.content.decode()).split())


def _verificar(sessao: Any, usuario: Any, parecer: str = "") -> None:
    membros = list(sessao.certame.membros_comissao.all())
    for conv in sessao.convocacoes.order_by("pk"):
        verificacao_registrar(
            usuario=usuario,
            convocacao=conv,
            compareceu=True,
            votos={m.pk: True for m in membros},
            parecer=parecer,
        )


def _ata(client: Any, sessao: Any) -> tuple[str, bytes]:
    tela = _texto(client.get(reverse("comissao:ata", args=[sessao.certame.pk, sessao.pk])))
    csv = client.get(reverse("publico:ata", args=[sessao.certame.pk, sessao.pk, "csv"]))
    return tela, b"".join(csv.streaming_content) if csv.streaming else csv.content


def test_ata_fechada_nao_muda_com_recurso_nem_sem_efeito_posteriores(
    client: Any, sessao: Any, carlos: Any
) -> None:
    c = entrar(client, carlos)
    convocados = sessao.convocacoes.count()
    primeira = sessao.convocacoes.order_by("pk").first()
    gravacao_anexar(
        usuario=carlos,
        convocacao=primeira,
        arquivo=SimpleUploadedFile("foto.png", PNG, content_type="image/png"),
    )
    _verificar(sessao, carlos, parecer="Traços fenotípicos reconhecidos pela comissão.")
    with pytest.raises(ValidationError, match=r"não tem convocados"):
        sessao_encerrar(
            usuario=carlos,
            sessao=sessao_criar(
                usuario=carlos, certame=sessao.certame, data=date(2025, 7, 21), local="Sala 3"
            ),
        )
    sessao_encerrar(usuario=carlos, sessao=sessao)
    tela, csv = _ata(c, sessao)
    assert f"1 gravação enviada de {convocados} convocados" in tela
    assert "Traços fenotípicos reconhecidos pela comissão." in tela
    assert "Traços fenotípicos reconhecidos pela comissão." in csv.decode()
    assert "encerrada em" in tela
    registro = Registro.objects.get(acao="comissao_sessao_encerrada")
    assert len(registro.dados["registro_sha256"]) == 64

    # Depois do encerramento: um recurso decidido, um parecer tornado sem efeito e um membro
    # que muda de nome não mudam a ata.
    conv = Convocacao.objects.get(candidato__inscricao="1006")
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
        fundamentacao="reexame",
        data=date(2025, 7, 28),
    )
    outra = Convocacao.objects.exclude(pk=conv.pk).filter(sessao=sessao).first()
    assert outra is not None
    parecer_tornar_sem_efeito(
        usuario=carlos,
        convocacao=outra,
        data=date(2025, 7, 29),
        ato="Portaria 9/2025",
        autoridade="Presidente da comissão",
        motivo="engano",
    )
    sessao.certame.membros_comissao.filter(pk=sessao.certame.membros_comissao.first().pk).update(
        nome="Outro Nome"
    )
    assert _ata(c, Sessao.objects.get(pk=sessao.pk)) == (tela, csv)


def test_sessao_encerrada_nao_recebe_verificacao_nem_gravacao_nem_observacao(
    sessao: Any, carlos: Any
) -> None:
    from cotas_web.comissao.services import sessao_registrar_ata

    conv = sessao.convocacoes.order_by("pk").first()
    membros = list(sessao.certame.membros_comissao.all())
    for c in sessao.convocacoes.exclude(pk=conv.pk):
        verificacao_registrar(usuario=carlos, convocacao=c, compareceu=False)
    with pytest.raises(
        ValidationError, match=f"sem verificação registrada .*{conv.candidato.inscricao}"
    ):
        sessao_encerrar(usuario=carlos, sessao=sessao)
    verificacao_registrar(usuario=carlos, convocacao=conv, compareceu=False)
    sessao_encerrar(usuario=carlos, sessao=sessao)
    antes = Registro.objects.count()
    with pytest.raises(ValidationError, match="já foi encerrada"):
        sessao_encerrar(usuario=carlos, sessao=sessao)
    with pytest.raises(ValidationError, match="ata dela está fechada"):
        sessao_registrar_ata(usuario=carlos, sessao=sessao, ata="acréscimo")
    with pytest.raises(ValidationError, match="ata dela está fechada"):
        gravacao_anexar(
            usuario=carlos,
            convocacao=conv,
            arquivo=SimpleUploadedFile("foto.png", PNG, content_type="image/png"),
        )
    assert Registro.objects.count() == antes
    assert membros  # (a comissão composta, da fixture)


def test_convocacao_parcial(comissao_composta: Any, carlos: Any) -> None:
    from cotas_web.comissao.services import a_convocar

    s = sessao_criar(usuario=carlos, certame=comissao_composta, data=date(2025, 7, 20), local="A")
    total = a_convocar(certame=comissao_composta).count()
    dois = list(a_convocar(certame=comissao_composta).order_by("inscricao")[:2])
    feitos = candidatos_convocar(usuario=carlos, sessao=s, candidatos=[x.pk for x in dois])
    assert sorted(f.candidato_id for f in feitos) == sorted(x.pk for x in dois)
    assert a_convocar(certame=comissao_composta).count() == total - 2
    registro = Registro.objects.filter(acao="comissao_convocacao").latest("pk")
    assert f"Restam {total - 2} a convocar" in registro.descricao
    with pytest.raises(ValidationError, match=f"não aguardam convocação.*{dois[0].inscricao}"):
        candidatos_convocar(usuario=carlos, sessao=s, candidatos=[dois[0].pk])
    restantes = candidatos_convocar(usuario=carlos, sessao=s)
    assert len(restantes) == total - 2


def test_lote_registra_cada_verificacao_com_um_registro(sessao: Any, carlos: Any) -> None:
    membros = list(sessao.certame.membros_comissao.all())
    convs = list(sessao.convocacoes.order_by("pk"))
    linhas = {
        convs[0].pk: FatosVerificacao(True, votos={m.pk: True for m in membros}, parecer="ok"),
        convs[1].pk: FatosVerificacao(False),
    }
    antes = Registro.objects.filter(acao="comissao_verificacao").count()
    feitas = verificacoes_registrar_em_lote(usuario=carlos, sessao=sessao, linhas=linhas)
    assert len(feitas) == 2
    assert Registro.objects.filter(acao="comissao_verificacao").count() == antes + 2
    convs[0].refresh_from_db()
    assert convs[0].resultado == "confirmado" and convs[0].parecer == "ok"


def test_lote_com_uma_linha_recusada_nao_grava_nada_e_a_tela_guarda_o_digitado(
    client: Any, sessao: Any, carlos: Any
) -> None:
    membros = list(sessao.certame.membros_comissao.all())
    convs = list(sessao.convocacoes.order_by("pk"))
    dados = {f"s_{convs[0].pk}": "compareceu", f"p_{convs[0].pk}": "parecer digitado"}
    dados |= {f"v_{convs[0].pk}_{m.pk}": "sim" for m in membros}
    dados |= {f"s_{convs[1].pk}": "ausente", f"v_{convs[1].pk}_{membros[0].pk}": "sim"}
    antes = Registro.objects.count()
    r = entrar(client, carlos).post(
        reverse("comissao:lote", args=[sessao.certame.pk, sessao.pk]), dados
    )
    assert r.status_code == 200
    texto = _texto(r)
    assert f"Inscrição {convs[1].candidato.inscricao}" in texto
    assert "ausente não pode ter votos" in texto
    assert "parecer digitado" in r.content.decode()  # o que foi digitado volta
    assert Registro.objects.count() == antes
    assert not Convocacao.objects.filter(sessao=sessao).exclude(resultado="").exists()


def test_pagina_publica_de_convocacao_e_resultado_preliminar_com_o_prazo(
    client: Any, sessao: Any, carlos: Any
) -> None:
    from cotas_web.certames.models import Certame

    certame = sessao.certame
    Certame.objects.filter(pk=certame.pk).update(publicado_em=certame.data_edital)
    url = reverse("publico:heteroidentificacao", args=[certame.pk])
    conv = sessao.convocacoes.select_related("candidato").order_by("pk").first()
    texto = _texto(client.get(url))
    assert "Edital de convocação" in texto and conv.candidato.nome in texto
    assert "ainda não foi encerrada" in texto
    _verificar(sessao, carlos)
    sessao_encerrar(usuario=carlos, sessao=sessao)
    texto = _texto(client.get(url))
    preliminar = texto[texto.index("Resultado preliminar Prazo") :]
    # Montenegro não fixa o prazo: vale o padrão documentado, até a data contada da sessão
    assert "3 dias corridos" in preliminar and "até 23/07/2025" in preliminar
    assert "padrão da aplicação" in preliminar
    assert conv.candidato.inscricao in preliminar and conv.candidato.nome not in preliminar
    Certame.objects.filter(pk=certame.pk).update(prazo_recurso_dias=5)
    texto = _texto(client.get(url))
    assert "5 dias corridos" in texto and "até 25/07/2025" in texto and "edital" in texto


def test_prazo_do_edital_recusa_recurso_fora_dele(sessao: Any, carlos: Any) -> None:
    from cotas_web.certames.models import Certame

    Certame.objects.filter(pk=sessao.certame.pk).update(prazo_recurso_dias=2)
    _verificar(sessao, carlos)
    with pytest.raises(ValidationError, match="prazo terminou em 22/07/2025"):
        recurso_interpor(
            usuario=carlos,
            candidato=Candidato.objects.get(inscricao="1006"),
            recorrente="candidato",
            recorrente_nome="Nadia",
            razoes="x",
            data=date(2025, 7, 23),
        )


def test_pagina_de_decisao_mostra_o_recurso(client: Any, sessao: Any, carlos: Any) -> None:
    _verificar(sessao, carlos)
    recurso = recurso_interpor(
        usuario=carlos,
        candidato=Candidato.objects.get(inscricao="1006"),
        recorrente="terceiro",
        recorrente_nome="Fabio Branco",
        razoes="razões do recorrente",
        data=date(2025, 7, 22),
    )
    texto = _texto(
        entrar(client, carlos).get(
            reverse("comissao:recurso_decidir", args=[sessao.certame.pk, recurso.pk])
        )
    )
    assert "Fabio Branco" in texto and "22/07/2025" in texto
    assert "razões do recorrente" in texto and "Confirmado" in texto


# --- Lote ao mesmo tempo (PostgreSQL) ----------------------------------------------------------


@pytest.fixture
def banco_que_espera_a_vez() -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():  # type: ignore[attr-defined]
        pytest.skip("SQLite em memória não espera a vez; rode no PostgreSQL (scripts/postgres.sh)")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_lote_enviado_ao_mesmo_tempo_registra_uma_vez(
    banco_que_espera_a_vez: None, sessao: Any, carlos: Any
) -> None:
    """Seis envios do mesmo lote ao mesmo tempo: um registra todas as verificações (um registro
    por verificação), os outros cinco são recusados inteiros, sem nada gravado."""
    membros = list(sessao.certame.membros_comissao.all())
    linhas = {
        c.pk: FatosVerificacao(True, votos={m.pk: True for m in membros})
        for c in sessao.convocacoes.all()
    }
    n = 6
    barreira = threading.Barrier(n)
    resultados: list[Any] = [None] * n

    def correr(i: int) -> None:
        try:
            barreira.wait()
            resultados[i] = verificacoes_registrar_em_lote(
                usuario=carlos, sessao=Sessao.objects.get(pk=sessao.pk), linhas=linhas
            )
        except BaseException as erro:  # (a exceção é o que o teste confere)
            resultados[i] = erro
        finally:
            connection.close()

    threads = [threading.Thread(target=correr, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    inesperadas = [
        r for r in resultados if isinstance(r, BaseException) and not isinstance(r, ValidationError)
    ]
    assert not inesperadas, inesperadas
    recusas = [r for r in resultados if isinstance(r, ValidationError)]
    assert len(recusas) == n - 1
    assert all("já foi registrada" in str(r) for r in recusas)
    assert Registro.objects.filter(acao="comissao_verificacao").count() == len(linhas)
