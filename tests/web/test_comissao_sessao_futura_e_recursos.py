"""O que o testador achou andando pela comissão: a verificação registrada numa sessão marcada
para depois de hoje (o certame ficava travado até a data dela), o recurso provido que mantinha o
parecer, o nome de quem recorre pedido quando recorre o próprio candidato e o formulário antigo
da decisão tornada sem efeito, que dizia "O recurso já foi decidido"."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.services import certame_homologar
from cotas_web.comissao.models import Convocacao, Recurso, Sessao
from cotas_web.comissao.services import (
    FatosVerificacao,
    candidatos_convocar,
    gravacao_anexar,
    parecer_tornar_sem_efeito,
    recurso_decidir,
    recurso_interpor,
    recurso_tornar_sem_efeito,
    sessao_criar,
    sessao_encerrar,
    sessao_registrar_ata,
    verificacao_registrar,
    verificacoes_registrar_em_lote,
)

from .conftest import entrar, verificar_todos

pytestmark = pytest.mark.django_db

ATO = {"ato": "Portaria 110/2025", "autoridade": "Presidente da comissão", "motivo": "engano"}


def _dia(valor: date) -> str:
    return f"{valor:%d/%m/%Y}"


def _futura(sessao: date) -> str:
    return (
        f"a sessão da comissão é de {_dia(sessao)}, depois de hoje "
        f"({_dia(timezone.localdate())}); o que acontece na sessão se registra no dia dela ou "
        "depois."
    )


def _todos_reconhecem(certame: Any) -> dict[int, bool | None]:
    return {m.pk: True for m in certame.membros_comissao.all()}


# --- a sessão marcada para depois de hoje ------------------------------------------------------


def test_sessao_marcada_para_depois_de_hoje_nao_recebe_o_que_acontece_nela(
    client: Any, comissao_composta: Any, carlos: Any
) -> None:
    """A sessão se marca antes e convoca; o comparecimento, os votos, o parecer, a gravação, as
    observações da ata e o encerramento esperam o dia dela (antes, o parecer entrava, e a
    homologação e o ato que o tornaria sem efeito ficavam recusados até lá)."""
    certame = comissao_composta
    futuro = timezone.localdate() + timedelta(days=30)
    s = sessao_criar(usuario=carlos, certame=certame, data=futuro, local="Prefeitura")
    convocadas = candidatos_convocar(usuario=carlos, sessao=s)  # (convocar, pode)
    conv = convocadas[0]
    with pytest.raises(ValidationError) as erro:
        verificacao_registrar(
            usuario=carlos, convocacao=conv, compareceu=True, votos=_todos_reconhecem(certame)
        )
    assert erro.value.messages == [f"Verificação recusada: {_futura(futuro)}"]
    with pytest.raises(ValidationError) as erro:
        verificacoes_registrar_em_lote(
            usuario=carlos, sessao=s, linhas={conv.pk: FatosVerificacao(compareceu=False)}
        )
    assert erro.value.messages == [f"Registro das verificações recusado: {_futura(futuro)}"]
    foto = SimpleUploadedFile("foto.jpg", b"\xff\xd8\xff imagem", "image/jpeg")
    with pytest.raises(ValidationError, match=re.escape(f"Gravação recusada: {_futura(futuro)}")):
        gravacao_anexar(usuario=carlos, convocacao=conv, arquivo=foto)
    with pytest.raises(ValidationError, match="Alteração das observações da ata recusada: a "):
        sessao_registrar_ata(usuario=carlos, sessao=s, ata="Compareceram todos.")
    with pytest.raises(
        ValidationError, match=re.escape(f"Encerramento recusado: {_futura(futuro)}")
    ):
        sessao_encerrar(usuario=carlos, sessao=s)
    conv.refresh_from_db()
    assert conv.resultado == "" and conv.registrado_em is None and not conv.votos.exists()
    assert not conv.gravacoes.exists() and Sessao.objects.get(pk=s.pk).ata == ""
    assert conv.candidato.verificacao("negros") == "pendente"

    # A tela diz antes: a sessão sem os formulários do que acontece nela, a verificação com o
    # aviso; o envio do formulário, recusado.
    entrar(client, carlos)
    pagina = client.get(reverse("comissao:sessao", args=[certame.pk, s.pk])).content.decode()
    assert f"Sessão marcada para {_dia(futuro)}, depois de hoje" in pagina
    assert "Registrar verificação de" not in pagina
    assert reverse("comissao:lote", args=[certame.pk, s.pk]) not in pagina
    assert reverse("comissao:ata_registrar", args=[certame.pk, s.pk]) not in pagina
    url = reverse("comissao:verificacao", args=[certame.pk, conv.pk])
    assert f"Verificação recusada: {_futura(futuro)}" in client.get(url).content.decode()
    # E sem o formulário embaixo da recusa (os votos e a gravação para preencher em vão).
    recusada = client.get(url).content.decode()
    assert 'class="formulario"' not in recusada
    assert reverse("comissao:sessao", args=[certame.pk, s.pk]) + '">Voltar' in recusada
    resposta = client.post(url, {"compareceu": "", "parecer": "ausente"}, follow=True)
    assert f"Verificação recusada: {_futura(futuro)}" in resposta.content.decode()
    conv.refresh_from_db()
    assert conv.resultado == ""


def test_parecer_de_sessao_futura_ja_registrado_se_desfaz_e_libera_a_homologacao(
    comissao_composta: Any, carlos: Any, rita: Any
) -> None:
    """O parecer que entrou numa sessão futura antes da regra (a data da sessão mudada aqui pelo
    banco) travava o certame: a homologação e o ato que o torna sem efeito não podiam ser
    anteriores à sessão. Ele se torna sem efeito desde o dia em que foi registrado, e a sessão
    sem parecer em vigor não segura mais a homologação."""
    certame = comissao_composta
    hoje = timezone.localdate()
    s1 = sessao_criar(usuario=carlos, certame=certame, data=date(2025, 7, 20), local="A")
    outros = Candidato.objects.filter(inscricao__in=["1002", "1007"]).values_list("pk", flat=True)
    candidatos_convocar(usuario=carlos, sessao=s1, candidatos=list(outros))
    s2 = sessao_criar(usuario=carlos, certame=certame, data=date(2025, 7, 21), local="B")
    candidatos_convocar(usuario=carlos, sessao=s2)
    verificar_todos(s1, carlos)
    verificar_todos(s2, carlos)
    futuro = hoje + timedelta(days=30)
    Sessao.objects.filter(pk=s2.pk).update(data=futuro)  # (como ficava antes da regra)
    with pytest.raises(
        ValidationError, match=f"a sessão da comissão de {_dia(futuro)} é posterior"
    ):
        certame_homologar(usuario=rita, certame=certame, data=hoje)
    conv = Convocacao.objects.get(sessao=s2)
    parecer_tornar_sem_efeito(usuario=carlos, convocacao=conv, data=hoje, **ATO)
    s3 = sessao_criar(usuario=carlos, certame=certame, data=hoje, local="C")
    candidatos_convocar(usuario=carlos, sessao=s3)
    verificar_todos(s3, carlos)
    certame_homologar(usuario=rita, certame=certame, data=hoje)
    certame.refresh_from_db()
    assert certame.homologado_em == hoje


def test_tornar_sem_efeito_o_parecer_antes_da_sessao_diz_a_data_uma_vez(
    sessao: Any, carlos: Any
) -> None:
    """A recusa dizia "o parecer da sessão de 20/07/2025 de 20/07/2025"."""
    verificar_todos(sessao, carlos)
    conv = Convocacao.objects.get(sessao=sessao, candidato__inscricao="1006")
    with pytest.raises(ValidationError) as erro:
        parecer_tornar_sem_efeito(usuario=carlos, convocacao=conv, data=date(2025, 7, 19), **ATO)
    assert erro.value.messages == [
        "Tornar sem efeito o parecer de 1006 em 19/07/2025 recusado: a sessão da comissão de "
        "20/07/2025 é posterior; um ato não pode ser anterior ao ato de que depende."
    ]


# --- recursos ----------------------------------------------------------------------------------


def _recurso(sessao: Any, carlos: Any) -> Recurso:
    verificar_todos(sessao, carlos)  # (1006 confirmado)
    return recurso_interpor(
        usuario=carlos,
        candidato=Candidato.objects.get(inscricao="1006"),
        recorrente="terceiro",
        recorrente_nome="Fabio Branco",
        razoes="fenótipo",
        data=date(2025, 7, 25),
    )


def test_recurso_provido_que_mantem_o_parecer_recusado(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """ "Provido … Resultado final: Confirmado" contra um parecer "Confirmado" era aceito: o
    provido muda o parecer; o não provido o mantém. A recusa volta ao formulário, junto do
    novo parecer, com o que foi digitado."""
    recurso = _recurso(sessao, carlos)
    esperado = (
        "Recurso provido recusado: o novo parecer, “Confirmado pela comissão”, é o mesmo do "
        "parecer recorrido. O recurso provido muda o parecer; se o parecer fica, o recurso é "
        "não provido."
    )
    with pytest.raises(ValidationError) as erro:
        recurso_decidir(
            usuario=carlos,
            recurso=recurso,
            decisao="provido",
            resultado_final="confirmado",
            fundamentacao="reexame",
            data=date(2025, 7, 28),
        )
    assert erro.value.messages == [esperado]
    url = reverse("comissao:recurso_decidir", args=[sessao.certame.pk, recurso.pk])
    dados = {
        "decisao": "provido",
        "resultado_final": "confirmado",
        "fundamentacao": "reexame das imagens",
        "data": "2025-07-28",
    }
    resposta = entrar(client, carlos).post(url, dados)
    texto = resposta.content.decode()
    assert resposta.status_code == 200
    assert esperado in texto and "reexame das imagens" in texto
    assert Recurso.objects.get(pk=recurso.pk).decisao == ""
    resposta = client.post(url, {**dados, "decisao": "improvido", "resultado_final": ""})
    assert resposta.status_code == 302
    decidido = Recurso.objects.get(pk=recurso.pk)
    assert (decidido.decisao, decidido.resultado_final) == ("improvido", "confirmado")


def test_recurso_nao_provido_com_novo_parecer_recusado_no_formulario(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """ "Não provido" com um novo parecer escolhido era aceito, e o parecer escolhido, descartado
    sem aviso. O formulário o recusa junto do campo, com o que foi digitado."""
    recurso = _recurso(sessao, carlos)
    url = reverse("comissao:recurso_decidir", args=[sessao.certame.pk, recurso.pk])
    dados = {
        "decisao": "improvido",
        "resultado_final": "nao_confirmado",
        "fundamentacao": "mantido o parecer",
        "data": "2025-07-28",
    }
    resposta = entrar(client, carlos).post(url, dados)
    texto = resposta.content.decode()
    assert resposta.status_code == 200
    assert "O recurso não provido mantém o parecer recorrido: deixe o novo parecer em" in texto
    assert "mantido o parecer" in texto
    assert Recurso.objects.get(pk=recurso.pk).decisao == ""
    resposta = client.post(url, {**dados, "resultado_final": ""})
    assert resposta.status_code == 302
    assert Recurso.objects.get(pk=recurso.pk).decisao == "improvido"


def test_recurso_do_proprio_candidato_leva_o_nome_dele(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """O nome de quem recorre era obrigatório também quando recorre o próprio candidato; é o
    dele. Quando recorre outro, o nome é pedido, e a recusa volta ao formulário."""
    verificar_todos(sessao, carlos, reconhece=False)
    nadia = Candidato.objects.get(inscricao="1006")
    url = reverse("comissao:recurso_novo", args=[sessao.certame.pk])
    dados = {
        "candidato": "1006",
        "recorrente": "candidato",
        "recorrente_nome": "",
        "razoes": "sou parda",
        "data": "2025-07-22",
        "pedido": "recurso-do-candidato",
    }
    assert entrar(client, carlos).post(url, dados).status_code == 302
    assert Recurso.objects.get().recorrente_nome == nadia.nome
    # (o próprio candidato, com outro nome digitado: vale o dele)
    outro = recurso_interpor(
        usuario=carlos,
        candidato=Candidato.objects.get(inscricao="1007"),
        recorrente="candidato",
        recorrente_nome="Outro Nome",
        razoes="x",
        data=date(2025, 7, 22),
    )
    assert outro.recorrente_nome == Candidato.objects.get(inscricao="1007").nome
    resposta = client.post(
        url, {**dados, "recorrente": "terceiro", "pedido": "recurso-de-terceiro"}
    )
    texto = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Informe o nome do candidato que recorre do parecer de outro." in texto
    assert "sou parda" in texto  # (o digitado fica)
    assert Recurso.objects.count() == 2


def test_formulario_da_decisao_tornada_sem_efeito_diz_onde_decidir_de_novo(
    client: Any, sessao: Any, carlos: Any
) -> None:
    """Depois de tornada sem efeito a decisão, o recurso aguarda nova decisão (no registro
    reaberto); o formulário antigo dizia "O recurso já foi decidido.". Agora diz onde decidir,
    a página antiga leva à do reaberto e, decidido de novo, a recusa diz a nova decisão."""
    recurso = _recurso(sessao, carlos)
    certame = sessao.certame
    recurso_decidir(
        usuario=carlos,
        recurso=recurso,
        decisao="provido",
        resultado_final="nao_confirmado",
        fundamentacao="reexame",
        data=date(2025, 7, 26),
    )
    reaberto = recurso_tornar_sem_efeito(
        usuario=carlos, recurso=recurso, data=date(2025, 7, 27), **ATO
    )
    antigo = reverse("comissao:recurso_decidir", args=[certame.pk, recurso.pk])
    novo = reverse("comissao:recurso_decidir", args=[certame.pk, reaberto.pk])
    entrar(client, carlos)
    dados = {
        "decisao": "improvido",
        "resultado_final": "",
        "fundamentacao": "mantido",
        "data": "2025-07-28",
    }
    texto = client.post(antigo, dados).content.decode()
    assert "O recurso já foi decidido" not in texto
    assert (
        "A decisão deste recurso (Provido, em 26/07/2025) foi tornada sem efeito (Portaria "
        "110/2025, em 27/07/2025): o recurso aguarda nova decisão, no registro reaberto; "
        "decida-o pelo “Decidir” do recurso no painel da comissão."
    ) in texto
    assert Recurso.objects.get(pk=reaberto.pk).decisao == ""
    resposta = client.get(antigo)
    assert resposta.status_code == 302 and resposta["Location"] == novo
    assert client.post(novo, dados).status_code == 302
    texto = client.post(antigo, dados).content.decode()
    assert "e o recurso já foi decidido de novo (Não provido, em 28/07/2025)." in texto
    painel = client.get(reverse("comissao:painel", args=[certame.pk])).content.decode()
    assert "A decisão anterior foi tornada sem efeito." in painel
    assert "o recurso aguarda nova decisão" not in painel
