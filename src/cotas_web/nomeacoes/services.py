"""Atos de provimento: ofertas de vagas, nomeações (portaria), posse, desistência.

O motor propõe; o RH confirma. Todo ato é reencenado no motor dentro da mesma transação:
se contrariar a lei (ex.: depois da validade), nada é gravado.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum

from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.candidatos.models import Heteroidentificacao
from cotas_web.certames import datas
from cotas_web.certames.models import Cargo, Certame
from cotas_web.certames.services import (
    certame_travar,
    exigir_vagas_no_limite,
    gravar_sem_efeito,
    pedido_anterior,
    pedido_concluir,
    vagas_do_edital,
)
from cotas_web.ponte import leis, reencenacao, verificacao
from cotas_web.ponte.erros import ErroCotas
from cotas_web.rotulos import numero_da_portaria, rotulo_lista

from .models import Desistencia, MotivoDaSaida, Nomeacao, OfertaVagas, SituacaoNomeacao
from .selectors import nomeacao_que_conta, propostas_do_motor


def _travar_nomeacao(nomeacao: Nomeacao) -> tuple[Nomeacao, Certame]:
    """A nomeação e o seu certame relidos e travados até o fim da transação, o certame antes
    (como em todo ato que o motor reencena): dois atos no mesmo certame, um de cada vez e sempre
    na mesma ordem de travas, sem impasse no PostgreSQL. (No SQLite a transação inteira já é
    exclusiva.)"""
    certame_id = Nomeacao.objects.values_list("cargo__certame_id", flat=True).get(pk=nomeacao.pk)
    certame = certame_travar(certame_id)
    travada = (
        Nomeacao.objects.select_for_update(of=("self",))
        .select_related("candidato", "cargo__certame")
        .get(pk=nomeacao.pk)
    )
    return travada, certame


def _exigir_homologado(certame: Certame) -> None:
    if not certame.homologado:
        raise ValidationError("Homologue a classificação final antes de ofertar e nomear.")


def _fundamento_da_saida(motor: Any, tipo: str, inscricao: str) -> str:
    """O fundamento que o motor deu à saída: depende da vaga que o candidato ocupava (a regra da
    desistência de uma lista reservada só vale para a vaga reservada), nunca recalculado aqui."""
    razao = reencenacao.razao_da_saida(motor, tipo, inscricao)
    return razao.fundamento_curto() if razao is not None else ""


def _fundamento_da_reserva(motor: Any, cargo: str) -> str:
    """O fundamento da reserva do cargo que o motor calculou com todos os lotes oferecidos."""
    citacoes = [
        r.citacao() for razao in motor.reserva(cargo).razoes.values() for r in razao.fundamentos
    ]
    return "; ".join(dict.fromkeys(citacoes))


@transaction.atomic
def vagas_edital_ofertar(*, usuario: User, certame: Certame, data: date) -> list[OfertaVagas]:
    """Oferece as vagas do edital de cada cargo; o motor as preenche, ampla primeiro."""
    certame = certame_travar(certame.pk)
    _exigir_homologado(certame)
    datas.exigir_periodo(certame, data, "Oferta de vagas")
    if OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True).exists():
        raise ValidationError("As vagas do edital já foram ofertadas.")
    ofertas = [
        OfertaVagas.objects.create(
            cargo=c,
            data=data,
            quantidade=c.vagas_edital,
            do_edital=True,
            justificativa="Vagas previstas no edital de abertura.",
        )
        for c in certame.cargos.all()
    ]
    reencenacao.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.VAGAS_DO_EDITAL_OFERECIDAS,
        descricao="Ofertadas as vagas do edital: "
        + ", ".join(f"{o.cargo.codigo}: {o.quantidade}" for o in ofertas)
        + ".",
        dados={
            "fatos": {
                "vagas": {o.cargo.codigo: o.quantidade for o in ofertas},
                "data": data.isoformat(),
            }
        },
    )
    return ofertas


@transaction.atomic
def vagas_novas_ofertar(
    *,
    usuario: User,
    cargo: Cargo,
    data: date,
    quantidade: int,
    justificativa: str,
    token: str = "",
) -> OfertaVagas:
    """Novas vagas durante a validade: o percentual incide sobre o total acumulado
    (parâmetro `<grupo>.fracao_entre_lotes`). O mesmo formulário enviado de novo
    (`token`) devolve a oferta já feita, sem ofertar outra vez."""
    certame = certame_travar(cargo.certame_id)
    if (anterior := pedido_anterior(token, "vagas_novas_ofertar", OfertaVagas)) is not None:
        return anterior
    conferir_oferta_antes(certame=certame, data=data)
    if not OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True).exists():
        raise ValidationError("Oferte primeiro as vagas do edital.")
    if quantidade < 1:
        raise ValidationError("Informe ao menos uma vaga.")
    novas = OfertaVagas.objects.filter(
        cargo__certame=certame, do_edital=False, sem_efeito_em__isnull=True
    )
    exigir_vagas_no_limite(
        f"Novas vagas de {cargo.codigo}",
        quantidade,
        vagas_do_edital(certame) + (novas.aggregate(t=Sum("quantidade"))["t"] or 0) + quantidade,
    )
    if not justificativa.strip():
        raise ValidationError("Novas vagas exigem justificativa.")
    oferta = OfertaVagas.objects.create(
        cargo=cargo, data=data, quantidade=quantidade, justificativa=justificativa
    )
    pedido_concluir(token, oferta)
    motor = reencenacao.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.NOVAS_VAGAS_OFERECIDAS,
        descricao=(
            f"{quantidade} nova(s) vaga(s) ofertada(s) para {cargo.codigo} em "
            f"{data:%d/%m/%Y}: {justificativa}"
        ),
        fundamento=_fundamento_da_reserva(motor, cargo.codigo),
        dados={
            "oferta": oferta.pk,
            "fatos": {
                "oferta": oferta.pk,
                "cargo": cargo.codigo,
                "quantidade": quantidade,
                "data": data.isoformat(),
            },
        },
    )
    return oferta


@transaction.atomic
def nomeacao_confirmar(
    *, usuario: User, cargo: Cargo, inscricao: str, portaria: str, data_portaria: date
) -> Nomeacao:
    """Confirma, como ato (portaria), a próxima nomeação que o motor propõe para o cargo."""
    certame = certame_travar(cargo.certame_id)
    _exigir_homologado(certame)
    datas.exigir_periodo(certame, data_portaria, "Nomeação")
    portaria = numero_da_portaria(portaria)
    if not portaria:
        raise ValidationError("Informe o número da portaria (ex.: 101/2025).")
    try:
        propostas = propostas_do_motor(certame=certame, cargo=cargo)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    if not propostas:
        raise ValidationError(f"Não há nomeação proposta para {cargo.codigo}.")
    proxima = propostas[0]
    _exigir_sem_nomeacao_que_conta(cargo, inscricao)
    if proxima.inscricao != inscricao:
        raise ValidationError(
            f"A próxima nomeação de {cargo.codigo} é a da inscrição {proxima.inscricao} "
            f"({proxima.ordem}ª); confirme as nomeações na ordem."
        )
    return _gravar_nomeacao(usuario, certame, cargo, proxima, portaria, data_portaria)


def _exigir_sem_nomeacao_que_conta(cargo: Cargo, inscricao: str) -> None:
    """A inscrição que já tem nomeação no cargo (em vigor, ou encerrada sem ter ido ao final da
    lista) não é nomeada de novo: a recusa diz por qual portaria. Antes, confirmar de outra aba
    quem já tinha sido nomeado dizia só qual era a próxima nomeação; e uma proposta do motor
    com quem já estava nomeado chegava ao banco e dava erro 500."""
    ja = nomeacao_que_conta(cargo_id=cargo.pk, inscricao=inscricao)
    if ja is not None:
        raise ValidationError(
            f"A inscrição {inscricao} já foi nomeada em {cargo.codigo} pela Portaria nº "
            f"{ja.portaria}, de {ja.data_portaria:%d/%m/%Y} ({ja.get_situacao_display().lower()}); "
            "nada foi feito."
        )


def _gravar_nomeacao(
    usuario: User, certame: Certame, cargo: Cargo, proxima: Any, portaria: str, data_portaria: date
) -> Nomeacao:
    """O ato de nomeação da proposta do motor, gravado e registrado (quem chama tem a trava e
    conferiu que a proposta é a próxima do cargo)."""
    inscricao = proxima.inscricao
    assert proxima.candidato is not None
    _exigir_sem_nomeacao_que_conta(cargo, inscricao)
    anterior = _exigir_depois_do_que_segue(cargo, proxima, data_portaria)
    ato = Nomeacao.objects.create(
        cargo=cargo,
        candidato=proxima.candidato,
        ordem=proxima.ordem,
        vaga=proxima.vaga,
        modalidade=proxima.modalidade,
        reservada_para=proxima.reservada_para,
        substitui=anterior,
        portaria=portaria.strip(),
        data_portaria=data_portaria,
        razao=proxima.razao,
        fundamento=proxima.fundamento,
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.NOMEADO,
        descricao=(
            f"Portaria nº {ato.portaria}, de {data_portaria:%d/%m/%Y}: nomeado(a) "
            f"{proxima.candidato.nome} (inscrição {inscricao}) para {cargo.codigo}, "
            f"{proxima.ordem}ª nomeação, vaga {proxima.vaga}, "
            f"{rotulo_lista(proxima.modalidade)}"
            + (f", em substituição a {proxima.substitui}" if proxima.substitui else "")
            + f". {proxima.razao}"
        ),
        fundamento=proxima.fundamento,
        dados={
            "nomeacao": ato.pk,
            "vaga": ato.vaga,
            "modalidade": ato.modalidade,
            "fatos": pelo_registro.fatos_nomeacao(ato),
        },
    )
    return ato


@transaction.atomic
def nomeacao_registrar_posse(*, usuario: User, nomeacao: Nomeacao, data: date) -> Nomeacao:
    """Posse. Em vaga reservada ao grupo que a comissão verifica, só após o parecer dela, se a
    lei o exige (parâmetro `heteroidentificacao.posse_apos_parecer`)."""
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError("Só se registra posse de quem está nomeado.")
    datas.exigir_nao_anterior(
        data,
        "Posse",
        nomeacao.data_portaria,
        f"a nomeação (portaria nº {nomeacao.portaria})",
    )
    datas.exigir_ate_hoje(data, "Posse")
    fundamento = ""
    regras = leis.regras_do_certame(certame) if certame.exige_comissao else None
    grupo = verificacao.grupo_da_comissao(regras) if regras is not None else None
    reservada = grupo is not None and grupo.nome in (nomeacao.modalidade, nomeacao.reservada_para)
    comissao = regras.comissao if regras is not None else None
    if reservada and grupo is not None and comissao is not None and comissao.posse_apos_parecer:
        ref = comissao.referencias.get("posse_apos_parecer")
        fundamento = ref.citacao() if ref else ""
        parecer = nomeacao.candidato.verificacao(grupo.nome)
        recurso_aberto = nomeacao.candidato.recursos.filter(decisao="").exists()
        if nomeacao.modalidade == grupo.nome and (
            parecer in ("", Heteroidentificacao.PENDENTE) or recurso_aberto
        ):
            raise ValidationError(
                f"Posse recusada: o cargo reservado a {rotulo_lista(grupo.nome)} só é "
                f"provido após a verificação e o parecer da comissão ({fundamento})."
            )
    nomeacao.situacao = SituacaoNomeacao.EMPOSSADO
    nomeacao.posse_em = data
    nomeacao.save(update_fields=["situacao", "posse_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.EMPOSSADO,
        descricao=(
            f"Posse de {nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) "
            f"em {data:%d/%m/%Y}, vaga {nomeacao.vaga} de {nomeacao.cargo.codigo}."
        ),
        fundamento=fundamento,
        dados={"nomeacao": nomeacao.pk, "fatos": pelo_registro.fatos_nomeacao(nomeacao)},
    )
    return nomeacao


# O que a saída de um nomeado diz, seguido da data ("desistiu em 05/08/2025"; antes, "não tomou
# posse no prazo em 01/12/2026", que se lia como a data da posse).
FATO_DA_SAIDA: dict[str, str] = {
    MotivoDaSaida.DESISTENCIA: "desistiu",
    MotivoDaSaida.SEM_POSSE: "teve o prazo de posse esgotado",
}


def conferir_saida_antes(*, nomeacao: Nomeacao, data: date) -> None:
    """O que o registro da saída (desistência ou prazo de posse) recusaria pela data, dito já
    na página de confirmação (o ato confere de novo, sob a trava)."""
    certame = nomeacao.cargo.certame
    datas.exigir_nao_anterior(
        data,
        "Registro de saída",
        nomeacao.data_portaria,
        f"a nomeação (portaria nº {nomeacao.portaria})",
        recusado="recusado",
    )
    datas.exigir_ate_hoje_na_validade(certame, data, "Registro de saída", recusado="recusado")
    datas.exigir_ordem_das_datas(certame, data, "Registro de saída", recusado="recusado")
    datas.exigir_sem_mover_nomeacoes_do_dia(nomeacao.cargo, data, "a saída do nomeado")


def conferir_oferta_antes(*, certame: Certame, data: date) -> None:
    """O que a oferta de novas vagas recusaria pela data, dito já na página de confirmação."""
    _exigir_homologado(certame)
    datas.exigir_periodo(certame, data, "Oferta de vagas")
    datas.exigir_ordem_das_datas(certame, data, "Oferta de vagas")


@transaction.atomic
def nomeacao_registrar_desistencia(
    *, usuario: User, nomeacao: Nomeacao, data: date, motivo: str, observacao: str = ""
) -> Nomeacao:
    """Desistência ou prazo de posse esgotado: a vaga volta à lista a que pertence; o fundamento
    é o que o motor deu (o da vaga que o candidato ocupava)."""
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError("Só se registra desistência ou fim de prazo de quem está nomeado.")
    if motivo not in MotivoDaSaida.values:
        raise ValidationError("Motivo desconhecido.")
    conferir_saida_antes(nomeacao=nomeacao, data=data)
    nomeacao.situacao = (
        SituacaoNomeacao.DESISTENTE if motivo == "desistencia" else SituacaoNomeacao.SEM_POSSE
    )
    nomeacao.encerrada_em = data
    nomeacao.save(update_fields=["situacao", "encerrada_em"])
    Desistencia.objects.create(
        candidato=nomeacao.candidato, data=data, motivo=motivo, observacao=observacao
    )
    motor = reencenacao.conferir_no_motor(certame)
    texto = FATO_DA_SAIDA[motivo]
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.DESISTIU
        if motivo == "desistencia"
        else AcaoAuditada.PERDEU_O_PRAZO_DA_POSSE,
        descricao=(
            f"{nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) {texto} "
            f"em {data:%d/%m/%Y}; a vaga {nomeacao.vaga} de {nomeacao.cargo.codigo} "
            "será preenchida pela lista a que pertence."
        ),
        fundamento=_fundamento_da_saida(motor, motivo, nomeacao.candidato.inscricao),
        dados={
            "nomeacao": nomeacao.pk,
            "motivo": motivo,
            "fatos": pelo_registro.fatos_nomeacao(nomeacao),
        },
    )
    return nomeacao


@transaction.atomic
def nomeacao_final_de_fila(
    *, usuario: User, nomeacao: Nomeacao, data: date, observacao: str = ""
) -> Nomeacao:
    """O nomeado que ainda não tomou posse pede para ir ao final da lista de classificação.

    Só se o edital o admite (o edital decide; parâmetro `permite_final_de_fila`,
    docs/INTERPRETACAO.md#final-de-fila). Ele continua classificado, atrás de todos; a vaga que
    ocupava é recomposta pela mesma lista a que pertence (parâmetro `<grupo>.desistencia`).
    """
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if not certame.admite_final_de_fila:
        raise ValidationError(
            "Final de fila recusado: o edital deste certame não admite que o nomeado peça para "
            "ir ao final da lista. Registre a desistência ou a posse."
        )
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError(
            "Só quem está nomeado e ainda não tomou posse pode pedir o final de fila."
        )
    datas.exigir_nao_anterior(
        data,
        "Reclassificação para o final da lista",
        nomeacao.data_portaria,
        f"a nomeação (portaria nº {nomeacao.portaria})",
    )
    datas.exigir_ate_hoje_na_validade(certame, data, "Reclassificação para o final da lista")
    datas.exigir_ordem_das_datas(certame, data, "Reclassificação para o final da lista")
    datas.exigir_sem_mover_nomeacoes_do_dia(nomeacao.cargo, data, "o final de fila")
    nomeacao.situacao = SituacaoNomeacao.FINAL_DE_FILA
    nomeacao.encerrada_em = data
    nomeacao.save(update_fields=["situacao", "encerrada_em"])
    motor = reencenacao.conferir_no_motor(certame)
    razao = reencenacao.razao_da_saida(motor, "final_de_fila", nomeacao.candidato.inscricao)
    # O item do edital vai ao motor como o texto da referência "Edital" (reencenacao.reencenar).
    fundamento = "; ".join(
        r.texto if r.norma == "Edital" else r.citacao()
        for r in (razao.fundamentos if razao is not None else ())
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.FOI_PARA_O_FINAL_DA_FILA,
        descricao=(
            f"{nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) pediu em "
            f"{data:%d/%m/%Y} para ir ao final da lista de {nomeacao.cargo.codigo}: a nomeação "
            f"da portaria {nomeacao.portaria} fica sem efeito, a vaga {nomeacao.vaga} será "
            "preenchida pela lista a que pertence e o(a) candidato(a) permanece classificado(a), "
            "atrás de todos." + (f" Observação: {observacao}" if observacao else "")
        ),
        fundamento=fundamento,
        dados={"nomeacao": nomeacao.pk, "fatos": pelo_registro.fatos_nomeacao(nomeacao)},
    )
    return nomeacao


def conferir_desistencia_antes(*, certame: Certame, candidato: Any, data: date) -> None:
    """O que a desistência de quem não foi nomeado recusaria, dito já na página de confirmação
    (o ato confere de novo, sob a trava)."""
    if candidato.anulado_em or candidato.desistencias.filter(sem_efeito_em__isnull=True).exists():
        raise ValidationError("O candidato já saiu das listas.")
    if candidato.nomeacoes.filter(situacao=SituacaoNomeacao.NOMEADO).exists():
        raise ValidationError("Candidato nomeado: registre a desistência na nomeação.")
    datas.exigir_entre_edital_e_hoje(certame, data, "Desistência")
    datas.exigir_ate_hoje_na_validade(certame, data, "Desistência")
    datas.exigir_ordem_das_datas(certame, data, "Desistência")


@transaction.atomic
def candidato_registrar_desistencia(
    *, usuario: User, candidato: Any, data: date, observacao: str = ""
) -> Desistencia:
    """Desistência de quem ainda não foi nomeado: sai de todas as listas; se o motor já lhe
    destinava uma vaga, ela é recomposta pela lista a que pertence."""
    from cotas_web.candidatos.models import Candidato

    certame = certame_travar(candidato.certame_id)
    candidato = Candidato.objects.select_related("certame").get(pk=candidato.pk)
    conferir_desistencia_antes(certame=certame, candidato=candidato, data=data)
    desistencia = Desistencia.objects.create(
        candidato=candidato, data=data, motivo="desistencia", observacao=observacao
    )
    motor = reencenacao.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.DESISTIU,
        descricao=(
            f"{candidato.nome} (inscrição {candidato.inscricao}) desistiu em {data:%d/%m/%Y} "
            "e sai de todas as listas."
        ),
        fundamento=_fundamento_da_saida(motor, "desistencia", candidato.inscricao),
        dados={"candidato": candidato.pk},
    )
    return desistencia


def _exigir_depois_do_que_segue(
    cargo: Cargo, proposta: Any, data_portaria: date
) -> Nomeacao | None:
    """A nomeação não é anterior ao ato que ela segue: a nomeação mais recente do cargo (uma
    portaria de 01/12 depois da de 01/05 daria a posse a quem vem depois na ordem antes de quem
    vem antes), a saída de quem ela substitui e a oferta das novas vagas em que cai (as datas e
    os atos ditos na recusa). Devolve a nomeação que ela substitui (None: nenhuma)."""
    em_vigor = Nomeacao.objects.filter(cargo=cargo).exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
    ultima = em_vigor.order_by("-data_portaria", "-ordem").first()
    if ultima is not None:
        datas.exigir_nao_anterior(
            data_portaria,
            "Nomeação",
            ultima.data_portaria,
            f"a {ultima.ordem}ª nomeação de {cargo.codigo} (portaria nº {ultima.portaria})",
        )
    anterior = (
        em_vigor.filter(candidato__inscricao=proposta.substitui).order_by("-ordem").first()
        if proposta.substitui
        else None
    )
    if anterior is not None and anterior.encerrada_em is not None:
        datas.exigir_nao_anterior(
            data_portaria,
            "Nomeação",
            anterior.encerrada_em,
            f"a saída de {anterior.candidato.inscricao} (portaria nº {anterior.portaria}), que "
            "ela substitui,",
        )
    total = 0
    for oferta in _ofertas_em_vigor(cargo):
        total += oferta.quantidade
        if proposta.vaga <= total:
            datas.exigir_nao_anterior(
                data_portaria,
                "Nomeação",
                oferta.data,
                "a oferta das vagas do edital"
                if oferta.do_edital
                else f"a oferta das novas vagas em que cai a vaga {proposta.vaga}",
            )
            break
    return anterior


def _ofertas_em_vigor(cargo: Cargo) -> list[OfertaVagas]:
    """As ofertas do cargo em vigor, na ordem em que o motor numera as vagas (o edital antes)."""
    ofertas = OfertaVagas.objects.filter(cargo=cargo, sem_efeito_em__isnull=True)
    return sorted(ofertas, key=lambda o: (not o.do_edital, o.data, o.pk))


# ---------------------------------------------------------------- tornar sem efeito
# Um ato registrado por engano não se apaga nem se reescreve: um ato novo, com data, número,
# autoridade e motivo, o torna sem efeito (docs/INTERPRETACAO.md#sem-efeito). O que outro ato em
# vigor depende não se torna sem efeito: o usuário desfaz primeiro o ato que depende.


def _exigir_ainda_em_vigor(objeto: Any, o_que: str) -> None:
    if objeto.sem_efeito_em is not None:
        raise ValidationError(
            f"{o_que[0].upper()}{o_que[1:]} já foi tornad{o_que[0]} sem efeito: "
            f"{objeto.sem_efeito_texto}."
        )


def _exigir_nomeacoes_mantidas(certame: Certame, motor: Any, o_que: str) -> None:
    """Sem o ato tornado sem efeito (já marcado nesta transação), cada nomeação em vigor continua
    a que o motor faz (a mesma ordem, inscrição e vaga, como `verificar_auditoria` confere);
    senão, a nomeação depende do ato e a recusa a nomeia."""
    do_motor: dict[str, dict[int, Any]] = {}
    em_vigor = (
        Nomeacao.objects.filter(cargo__certame=certame)
        .exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
        .select_related("candidato", "cargo")
        .order_by("cargo__codigo", "ordem")
    )
    for n in em_vigor:
        codigo = n.cargo.codigo
        if codigo not in do_motor:
            do_motor[codigo] = {m.ordem: m for m in motor.nomeacoes(codigo)}
        m = do_motor[codigo].get(n.ordem)
        if m is None or m.inscricao != n.candidato.inscricao or m.vaga != n.vaga:
            raise ValidationError(
                f"Tornar sem efeito {o_que} recusado: sem esse ato, a nomeação de "
                f"{n.candidato.inscricao} — {n.candidato.nome} ({n.ordem}ª, vaga {n.vaga} de "
                f"{codigo}, portaria nº {n.portaria}, de {n.data_portaria:%d/%m/%Y}) não seria "
                "feita como foi. Torne sem efeito primeiro essa nomeação, que depende dele."
            )


def _situacao_que_depende(nomeacao: Nomeacao) -> str:
    """O ato registrado sobre a nomeação que depende dela (vazio se ela está só nomeada)."""
    n = nomeacao
    quando = f"{n.encerrada_em:%d/%m/%Y}" if n.encerrada_em else ""
    if n.situacao == SituacaoNomeacao.EMPOSSADO:
        assert n.posse_em is not None
        return f"a posse de {n.posse_em:%d/%m/%Y} depende dela"
    if n.situacao in (SituacaoNomeacao.DESISTENTE, SituacaoNomeacao.SEM_POSSE):
        qual = (
            "a desistência"
            if n.situacao == SituacaoNomeacao.DESISTENTE
            else ("o registro do prazo de posse esgotado")
        )
        return f"{qual} de {quando} depende dela; torne sem efeito primeiro {qual}"
    if n.situacao == SituacaoNomeacao.FINAL_DE_FILA:
        return f"o pedido de final de fila de {quando} depende dela"
    if n.situacao == SituacaoNomeacao.ANULADA:
        return f"ela foi anulada em {quando} pela decisão de declaração falsa"
    return ""


@transaction.atomic
def nomeacao_tornar_sem_efeito(
    *, usuario: User, nomeacao: Nomeacao, data: date, ato: str, autoridade: str, motivo: str
) -> Nomeacao:
    """A nomeação confirmada por engano (portaria, data ou candidato errados) tornada sem efeito
    por um ato novo: fica gravada, com o ato que a desfez; a vaga volta a ser proposta pelo
    motor, na mesma ordem (a nomeação certa é confirmada depois, com a sua portaria)."""
    nomeacao, certame = _travar_nomeacao(nomeacao)
    o_que = f"a nomeação de {nomeacao.candidato.inscricao} (portaria nº {nomeacao.portaria})"
    if nomeacao.situacao == SituacaoNomeacao.SEM_EFEITO:
        _exigir_ainda_em_vigor(nomeacao, o_que)
    if depende := _situacao_que_depende(nomeacao):
        raise ValidationError(f"Tornar sem efeito {o_que} recusado: {depende}.")
    substituta = nomeacao.substituida_por.exclude(situacao=SituacaoNomeacao.SEM_EFEITO).first()
    if substituta is not None:  # (não acontece com a nomeação só nomeada; defesa)
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a nomeação de "
            f"{substituta.candidato.inscricao} (portaria nº {substituta.portaria}) a substitui."
        )
    datas.exigir_sem_efeito_depois_do_ato(
        data, f"a nomeação (portaria nº {nomeacao.portaria})", nomeacao.data_portaria
    )
    datas.exigir_ordem_das_datas(certame, data, "Tornar sem efeito a nomeação", recusado="recusado")
    gravar_sem_efeito(nomeacao, data=data, ato=ato, autoridade=autoridade, motivo=motivo)
    nomeacao.situacao = SituacaoNomeacao.SEM_EFEITO
    nomeacao.save(update_fields=["situacao"])
    motor = reencenacao.conferir_no_motor(certame)
    _exigir_nomeacoes_mantidas(certame, motor, o_que)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.NOMEACAO_TORNADA_SEM_EFEITO,
        descricao=(
            f"{nomeacao.sem_efeito_ato}, de {data:%d/%m/%Y} ({nomeacao.sem_efeito_autoridade}): "
            f"tornada sem efeito a nomeação de {nomeacao.candidato.nome} (inscrição "
            f"{nomeacao.candidato.inscricao}) pela portaria nº {nomeacao.portaria}, de "
            f"{nomeacao.data_portaria:%d/%m/%Y}, {nomeacao.ordem}ª nomeação, vaga "
            f"{nomeacao.vaga} de {nomeacao.cargo.codigo}. Motivo: {nomeacao.sem_efeito_motivo}. "
            "O ato original continua registrado; a vaga volta a ser proposta na mesma ordem."
        ),
        dados={
            "nomeacao": nomeacao.pk,
            "sem_efeito": _dados_sem_efeito(nomeacao),
            "fatos": pelo_registro.fatos_nomeacao(nomeacao),
        },
    )
    return nomeacao


def _nomeacao_da_desistencia(desistencia: Desistencia) -> Nomeacao | None:
    """A nomeação encerrada pela desistência (ou pelo prazo de posse esgotado), se houver."""
    return (
        Nomeacao.objects.filter(
            candidato_id=desistencia.candidato_id,
            situacao__in=(SituacaoNomeacao.DESISTENTE, SituacaoNomeacao.SEM_POSSE),
            encerrada_em=desistencia.data,
        )
        .select_related("cargo", "candidato")
        .order_by("-ordem")
        .first()
    )


@transaction.atomic
def desistencia_tornar_sem_efeito(
    *, usuario: User, desistencia: Desistencia, data: date, ato: str, autoridade: str, motivo: str
) -> Desistencia:
    """A desistência (ou o prazo de posse esgotado) registrada por engano, tornada sem efeito: o
    candidato volta às listas e, se estava nomeado, a nomeação volta a valer. Recusado se o
    substituto já foi nomeado por portaria em vigor (ou outra nomeação dependa dela)."""
    certame_id = Desistencia.objects.values_list("certame_id", flat=True).get(pk=desistencia.pk)
    certame = certame_travar(certame_id)
    desistencia = Desistencia.objects.select_related("candidato").get(pk=desistencia.pk)
    candidato = desistencia.candidato
    qual = "o prazo de posse esgotado" if desistencia.motivo == "sem_posse" else "a desistência"
    o_que = f"{qual} de {candidato.inscricao} (registrad{qual[0]} em {desistencia.data:%d/%m/%Y})"
    _exigir_ainda_em_vigor(desistencia, o_que)
    nomeacao = _nomeacao_da_desistencia(desistencia)
    if nomeacao is not None:
        substituta = (
            nomeacao.substituida_por.exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
            .select_related("candidato")
            .first()
        )
        if substituta is not None:
            raise ValidationError(
                f"Tornar sem efeito {o_que} recusado: o substituto "
                f"{substituta.candidato.inscricao} — {substituta.candidato.nome} já foi nomeado "
                f"pela portaria nº {substituta.portaria}, de "
                f"{substituta.data_portaria:%d/%m/%Y}. Torne sem efeito primeiro essa nomeação, "
                "que depende dela."
            )
    datas.exigir_sem_efeito_depois_do_ato(data, qual, desistencia.data)
    datas.exigir_ordem_das_datas(certame, data, f"Tornar sem efeito {qual}", recusado="recusado")
    gravar_sem_efeito(desistencia, data=data, ato=ato, autoridade=autoridade, motivo=motivo)
    if nomeacao is not None:
        nomeacao.situacao = SituacaoNomeacao.NOMEADO
        nomeacao.encerrada_em = None
        nomeacao.save(update_fields=["situacao", "encerrada_em"])
    motor = reencenacao.conferir_no_motor(certame)
    _exigir_nomeacoes_mantidas(certame, motor, o_que)
    volta = (
        f"a nomeação da portaria nº {nomeacao.portaria} (vaga {nomeacao.vaga} de "
        f"{nomeacao.cargo.codigo}) volta a valer"
        if nomeacao is not None
        else "o(a) candidato(a) volta às listas"
    )
    dados: dict[str, Any] = {
        "desistencia": desistencia.pk,
        "sem_efeito": _dados_sem_efeito(desistencia),
    }
    if nomeacao is not None:
        dados["fatos"] = pelo_registro.fatos_nomeacao(nomeacao)
    else:
        dados["fatos"] = {"desistencia": desistencia.pk, "candidato": candidato.pk}
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.DESISTENCIA_TORNADA_SEM_EFEITO,
        descricao=(
            f"{desistencia.sem_efeito_ato}, de {data:%d/%m/%Y} "
            f"({desistencia.sem_efeito_autoridade}): tornad{qual[0]} sem efeito {qual} de "
            f"{candidato.nome} (inscrição {candidato.inscricao}) registrad{qual[0]} em "
            f"{desistencia.data:%d/%m/%Y}; {volta}. Motivo: {desistencia.sem_efeito_motivo}."
        ),
        dados=dados,
    )
    return desistencia


@transaction.atomic
def vagas_tornar_sem_efeito(
    *, usuario: User, oferta: OfertaVagas, data: date, ato: str, autoridade: str, motivo: str
) -> OfertaVagas:
    """A oferta de novas vagas registrada por engano, tornada sem efeito: a reserva volta a ser
    calculada sem ela. Recusado se há nomeação em vigor numa vaga dela (ou de oferta posterior,
    cuja numeração mudaria): o usuário torna sem efeito primeiro essa nomeação."""
    certame_id = OfertaVagas.objects.values_list("cargo__certame_id", flat=True).get(pk=oferta.pk)
    certame = certame_travar(certame_id)
    oferta = OfertaVagas.objects.select_related("cargo").get(pk=oferta.pk)
    cargo = oferta.cargo
    o_que = (
        f"a oferta de {oferta.quantidade} nova(s) vaga(s) de {cargo.codigo} em "
        f"{oferta.data:%d/%m/%Y}"
    )
    if oferta.do_edital:
        raise ValidationError(
            "As vagas do edital não se tornam sem efeito aqui: são as do edital de abertura "
            "(uma mudança delas é retificação do edital)."
        )
    _exigir_ainda_em_vigor(oferta, o_que)
    antes = 0
    for o in _ofertas_em_vigor(cargo):
        if o.pk == oferta.pk:
            break
        antes += o.quantidade
    ultima = antes + oferta.quantidade
    nomeada = (
        Nomeacao.objects.filter(cargo=cargo, vaga__gt=antes)
        .exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
        .select_related("candidato")
        .order_by("vaga", "ordem")
        .first()
    )
    if nomeada is not None:
        onde = (
            "numa vaga dela"
            if nomeada.vaga <= ultima
            else "numa vaga de oferta posterior, cuja numeração mudaria"
        )
        raise ValidationError(
            f"Tornar sem efeito {o_que} recusado: a nomeação de {nomeada.candidato.inscricao} — "
            f"{nomeada.candidato.nome} (vaga {nomeada.vaga}, portaria nº {nomeada.portaria}, de "
            f"{nomeada.data_portaria:%d/%m/%Y}) foi confirmada {onde}. Torne sem efeito "
            "primeiro essa nomeação, que depende dela."
        )
    datas.exigir_sem_efeito_depois_do_ato(data, "a oferta de vagas", oferta.data)
    datas.exigir_ordem_das_datas(
        certame, data, "Tornar sem efeito a oferta de vagas", recusado="recusado"
    )
    gravar_sem_efeito(oferta, data=data, ato=ato, autoridade=autoridade, motivo=motivo)
    motor = reencenacao.conferir_no_motor(certame)
    _exigir_nomeacoes_mantidas(certame, motor, o_que)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.VAGAS_TORNADAS_SEM_EFEITO,
        descricao=(
            f"{oferta.sem_efeito_ato}, de {data:%d/%m/%Y} ({oferta.sem_efeito_autoridade}): "
            f"tornada sem efeito {o_que} ({oferta.justificativa}); a reserva volta a ser "
            f"calculada sem ela. Motivo: {oferta.sem_efeito_motivo}."
        ),
        fundamento=_fundamento_da_reserva(motor, cargo.codigo),
        dados={
            "oferta": oferta.pk,
            "sem_efeito": _dados_sem_efeito(oferta),
            "fatos": {
                "oferta": oferta.pk,
                "cargo": cargo.codigo,
                "quantidade": oferta.quantidade,
                "data": oferta.data.isoformat(),
            },
        },
    )
    return oferta


def _dados_sem_efeito(objeto: Any) -> dict[str, str]:
    return {
        "data": objeto.sem_efeito_em.isoformat(),
        "ato": objeto.sem_efeito_ato,
        "autoridade": objeto.sem_efeito_autoridade,
        "motivo": objeto.sem_efeito_motivo,
    }


class _Simulado(Exception):
    """Desfaz a simulação (a transação interna) depois de ler o que o ato mudaria."""


def consequencias(certame: Certame, ato: Any) -> list[str]:
    """O que o ato `ato()` (um dos de tornar sem efeito) muda nas nomeações propostas, lido
    fazendo-o numa transação que se desfaz: quem passa a ser proposto e quem deixa de ser. A
    recusa do ato (`ValidationError`) sobe como está, antes da página de confirmação."""
    from .selectors import Proposta

    def chave(p: Proposta) -> tuple[str, str, int, int]:
        return (p.cargo.codigo, p.inscricao, p.ordem, p.vaga)

    def texto(p: Proposta) -> str:
        nome = p.candidato.nome if p.candidato is not None else ""
        return (
            f"{p.cargo.codigo}: {p.ordem}ª nomeação, vaga {p.vaga} — {p.inscricao} {nome} "
            f"({p.modalidade_rotulo})"
        )

    antes = propostas_do_motor(certame=certame)
    depois: list[Proposta] = []
    try:
        with transaction.atomic():
            ato()
            depois = propostas_do_motor(certame=certame)
            raise _Simulado
    except _Simulado:
        pass
    a, d = {chave(p): p for p in antes}, {chave(p): p for p in depois}
    linhas = [f"Passa a ser proposta: {texto(p)}." for k, p in d.items() if k not in a]
    linhas += [f"Deixa de ser proposta: {texto(p)}." for k, p in a.items() if k not in d]
    limite = 20
    if len(linhas) > limite:
        linhas = [*linhas[:limite], f"… e mais {len(linhas) - limite} mudança(s)."]
    return linhas or ["As nomeações propostas não mudam."]


# Quantas nomeações uma portaria confirma de uma vez (a página de confirmação lista todas).
LOTE_MAXIMO_DE_NOMEACOES = 500


@transaction.atomic
def nomeacoes_confirmar_em_lote(
    *,
    usuario: User,
    cargo: Cargo,
    quantidade: int,
    portaria: str,
    data_portaria: date,
    token: str = "",
) -> list[Nomeacao]:
    """Confirma, numa portaria só, as próximas `quantidade` nomeações que o motor propõe para o
    cargo, na ordem da lei: o mesmo que confirmá-las uma a uma (cada uma é um ato publicado, com
    o seu registro), sob uma trava só. O mesmo formulário enviado de novo (`token`) devolve as
    nomeações já feitas: um duplo clique nunca nomeia as N seguintes."""
    certame = certame_travar(cargo.certame_id)
    if (anterior := pedido_anterior(token, "nomeacoes_confirmar_em_lote", Nomeacao)) is not None:
        return list(
            Nomeacao.objects.filter(
                cargo=anterior.cargo,
                portaria=anterior.portaria,
                data_portaria=anterior.data_portaria,
                ordem__gte=anterior.ordem,
            ).order_by("ordem")[:quantidade]
        )
    _exigir_homologado(certame)
    datas.exigir_periodo(certame, data_portaria, "Nomeação")
    portaria = numero_da_portaria(portaria)
    if not portaria:
        raise ValidationError("Informe o número da portaria (ex.: 101/2025).")
    if not 1 <= quantidade <= LOTE_MAXIMO_DE_NOMEACOES:
        raise ValidationError(f"Informe de 1 a {LOTE_MAXIMO_DE_NOMEACOES} nomeações por portaria.")
    try:
        propostas = propostas_do_motor(certame=certame, cargo=cargo)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    if len(propostas) < quantidade:
        raise ValidationError(
            f"{cargo.codigo} tem {len(propostas)} nomeação(ões) proposta(s); pedidas: {quantidade}."
        )
    # As propostas seguintes não mudam quando as anteriores viram atos: cada ato publicado
    # ocupa a vaga que o motor lhe deu (docs/INTERPRETACAO.md#atos-publicados).
    atos = [
        _gravar_nomeacao(usuario, certame, cargo, proposta, portaria, data_portaria)
        for proposta in propostas[:quantidade]
    ]
    pedido_concluir(token, atos[0])
    reencenacao.conferir_no_motor(certame)
    return atos


def conferir_nomeacao_antes(
    *, certame: Certame, cargo: Cargo, propostas: Sequence[Any], data_portaria: date
) -> None:
    """O que a nomeação (ou o lote, `propostas`) recusaria pela data, dito já na página de
    confirmação: o período e o ato que cada uma segue (o ato confere de novo, sob a trava)."""
    _exigir_homologado(certame)
    datas.exigir_periodo(certame, data_portaria, "Nomeação")
    for proposta in propostas:
        _exigir_depois_do_que_segue(cargo, proposta, data_portaria)


def avisos_da_portaria(*, certame: Certame, portaria: str) -> list[str]:
    """Aviso (não recusa) quando o número da portaria já nomeou outra pessoa no certame: uma
    portaria pode nomear várias, mas um número repetido por engano é comum."""
    numero = numero_da_portaria(portaria)
    ja = list(
        Nomeacao.objects.filter(cargo__certame=certame, portaria=numero)
        .select_related("candidato")
        .order_by("ordem")[:5]
    )
    if not numero or not ja:
        return []
    quem = ", ".join(f"{n.candidato.inscricao} ({n.candidato.nome})" for n in ja)
    return [
        f"Atenção: a Portaria nº {numero} já nomeou {quem}. Confira o número antes de confirmar."
    ]


def lote_ja_enviado(token: str) -> str:
    """ "Portaria nº X, de DD/MM/AAAA: N nomeação(ões)." se este formulário de lote já foi
    enviado e feito ("" se não)."""
    from cotas_web.certames.models import Pedido

    pedido = (
        Pedido.objects.filter(
            token=token, acao="nomeacoes_confirmar_em_lote", objeto_id__isnull=False
        ).first()
        if token
        else None
    )
    if pedido is None or pedido.objeto_id is None:
        return ""
    primeira = Nomeacao.objects.filter(pk=pedido.objeto_id).first()
    if primeira is None:
        return ""
    feitas = Nomeacao.objects.filter(
        cargo=primeira.cargo, portaria=primeira.portaria, data_portaria=primeira.data_portaria
    ).count()
    return (
        f"a Portaria nº {primeira.portaria}, de {primeira.data_portaria:%d/%m/%Y}, já nomeou "
        f"{feitas} candidato(s) de {primeira.cargo.codigo}."
    )
